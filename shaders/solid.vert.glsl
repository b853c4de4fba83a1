#version 300 es
// Untextured triangles in view pixels (clip-path fills for the stencil).
in vec2 a_position;
uniform vec4 u_viewToClip; // scale x, scale y, offset x, offset y
void main() {
  gl_Position = vec4(a_position * u_viewToClip.xy + u_viewToClip.zw, 0.0, 1.0);
}
