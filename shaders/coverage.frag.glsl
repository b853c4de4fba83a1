#version 300 es
precision highp float;
// Scales a layer buffer by the layer's coverage mask (engine/render/mockup/coverage-mask.ts),
// drawn with blendFunc(ZERO, SRC_ALPHA): the buffer keeps coverage x what the mesh drew. The
// mask holds one texel per output pixel of u_maskRect; outside it nothing of the layer shows.
uniform sampler2D u_mask;
uniform vec4 u_maskRect;   // x, y, width, height in output px
uniform vec4 u_outputMap;  // tile origin x, y in output px (the quad program's uniform)
out vec4 outColor;

void main() {
  ivec2 p = ivec2(floor(gl_FragCoord.xy + u_outputMap.xy - u_maskRect.xy));
  bool inside = all(greaterThanEqual(p, ivec2(0))) && all(lessThan(p, ivec2(u_maskRect.zw)));
  outColor = vec4(0.0, 0.0, 0.0, inside ? texelFetch(u_mask, p, 0).a : 0.0);
}
