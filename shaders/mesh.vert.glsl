#version 300 es
// Textured warp mesh. Positions are in view (photo) pixels; u_viewToClip scales them to the
// output and offsets them into the current tile in one multiply-add. The attribute locations are
// fixed, so one vertex array of a mesh serves every program built on this shader (the plain and
// cubic warps, the blends drawn by the mesh).
layout(location = 0) in vec2 a_position;
// Projective texture coordinate (u*q, v*q, q): q = 1 for ordinary meshes; for a perspective quad
// it is 1/w of the homography so that linear interpolation across the screen stays exact.
layout(location = 1) in vec3 a_uvq;
// Lighting factor per vertex (cylinders: how squarely the surface faces the camera); 1 = unlit.
layout(location = 2) in float a_shade;
uniform vec4 u_viewToClip; // scale x, scale y, offset x, offset y
out vec3 v_uvq;
out float v_shade;

void main() {
  v_uvq = a_uvq;
  v_shade = a_shade;
  gl_Position = vec4(a_position * u_viewToClip.xy + u_viewToClip.zw, 0.0, 1.0);
}
