#version 300 es
precision highp float;
// One premultiplied colour: stencil fills (colour writes off) and erasing outside a clip.
uniform vec4 u_color;
out vec4 outColor;
void main() {
  outColor = u_color;
}
