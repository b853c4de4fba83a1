#version 300 es
precision highp float;
// Samples the flat (premultiplied) through the mesh and darkens it by the vertex shade.
uniform sampler2D u_texture;
uniform float u_shadeStrength; // 0: ignore a_shade, 1: multiply by it fully
in vec3 v_uvq;
in float v_shade;
out vec4 outColor;

void main() {
  vec4 c = texture(u_texture, v_uvq.xy / v_uvq.z);
  // Premultiplied: scaling rgb alone darkens without changing coverage.
  outColor = vec4(c.rgb * mix(1.0, v_shade, u_shadeStrength), c.a);
}
