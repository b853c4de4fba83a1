#version 300 es
// Covers a rectangle of the bound target, given in target pixels (row 0 = top image row, see
// engine/gl/targets.ts). Also hands the fragment its position in whole-output uv so images
// stretched over the whole mockup (photo, shading, parts) can be sampled inside any tile.
in vec2 a_unit;            // unit-square corner, 0..1
uniform vec4 u_rect;       // x, y, width, height in target px
uniform vec2 u_targetSize; // target width, height in px
uniform vec4 u_outputMap;  // tile origin x, y in output px; 1/output width, 1/output height
out vec2 v_outputUv;

void main() {
  vec2 px = u_rect.xy + a_unit * u_rect.zw;
  v_outputUv = (px + u_outputMap.xy) * u_outputMap.zw;
  gl_Position = vec4(px / u_targetSize * 2.0 - 1.0, 0.0, 1.0);
}
