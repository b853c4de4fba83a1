#version 300 es
precision highp float;
// Composites a source (a warped layer, or a part image) onto the backdrop with one of the
// template blend codes, on premultiplied colour, following the W3C Compositing and Blending
// formulas that canvas globalCompositeOperation implements (the spec's mode names are canvas
// names):  co = cs*(1-ab) + cb*(1-as) + as*ab*B(Cb, Cs),  ao = as + ab - as*ab.
// Fixed-function blending cannot do this: overlay, color, darken, lighten and multiply need the
// backdrop's colour inside B, so the backdrop is a copy of the composite (reading the target
// itself would be a feedback loop).
//
// Variants: the renderer compiles one program per combination of the macros below (injected
// after #version, engine/render/mockup/programs.ts). On a software rasteriser a runtime branch
// on a uniform costs as much as the work itself, so the choice is made at compile time.
//   MODE           blend code 1..7
//   SRC_IS_TILE    1: u_src has the target's layout (a layer buffer of the same tile) and is read
//                  texel for texel; 0: u_src spans the whole output (a part image), sampled at
//                  v_outputUv
//   HAS_SHADING    1: multiply by the view's shading map where the source covers
//   HAS_HIGHLIGHT  1: screen the view's highlight map where the source covers

#ifndef MODE
#define MODE 5
#endif
#ifndef SRC_IS_TILE
#define SRC_IS_TILE 1
#endif
#ifndef HAS_SHADING
#define HAS_SHADING 0
#endif
#ifndef HAS_HIGHLIGHT
#define HAS_HIGHLIGHT 0
#endif

#define LIGHTER 1
#define COLOR 2
#define DARKEN 3
#define LIGHTEN 4
#define OVERLAY 5
#define MULTIPLY 6
#define NONE 7

uniform sampler2D u_src;
uniform sampler2D u_backdrop; // copy of the composite, target layout
uniform float u_opacity;      // 0..1, applied to the source
#if HAS_SHADING
uniform sampler2D u_shading;
#endif
#if HAS_HIGHLIGHT
uniform sampler2D u_highlight;
#endif

in vec2 v_outputUv;
out vec4 outColor;

const vec3 LUM = vec3(0.3, 0.59, 0.11);

float lum(vec3 c) { return dot(c, LUM); }

#if MODE == COLOR
vec3 clipColor(vec3 c) {
  float l = lum(c);
  float n = min(min(c.r, c.g), c.b);
  float x = max(max(c.r, c.g), c.b);
  if (n < 0.0) c = l + (c - l) * l / max(l - n, 1e-6);
  if (x > 1.0) c = l + (c - l) * (1.0 - l) / max(x - l, 1e-6);
  return c;
}

vec3 setLum(vec3 c, float l) { return clipColor(c + (l - lum(c))); }
#endif

vec3 blendFn(vec3 cb, vec3 cs) {
#if MODE == COLOR
  return setLum(cs, lum(cb));
#elif MODE == DARKEN
  return min(cb, cs);
#elif MODE == LIGHTEN
  return max(cb, cs);
#elif MODE == OVERLAY
  // HardLight with the layers swapped: the backdrop picks multiply or screen per channel. At
  // cb = 0.5 both branches give cs, so the step's choice there does not matter.
  vec3 lo = 2.0 * cs * cb;
  vec3 hi = 1.0 - 2.0 * (1.0 - cs) * (1.0 - cb);
  return mix(lo, hi, step(0.5, cb));
#elif MODE == MULTIPLY
  return cb * cs;
#else
  return cs;
#endif
}

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
#if SRC_IS_TILE
  vec4 src = texelFetch(u_src, texel, 0);
#else
  vec4 src = texture(u_src, v_outputUv);
#endif
  vec4 d = texelFetch(u_backdrop, texel, 0);
  vec4 s = src * u_opacity;
  vec4 o;
#if MODE == LIGHTER
  // canvas 'lighter' is plus-lighter: premultiplied sum, clamped.
  o = min(s + d, vec4(1.0));
#elif MODE == NONE
  o = s + d * (1.0 - s.a);
#else
  vec3 cs = s.a > 0.0 ? s.rgb / s.a : vec3(0.0);
  vec3 cb = d.a > 0.0 ? d.rgb / d.a : vec3(0.0);
  vec3 b = clamp(blendFn(cb, cs), 0.0, 1.0);
  o.rgb = s.rgb * (1.0 - d.a) + d.rgb * (1.0 - s.a) + s.a * d.a * b;
  o.a = s.a + d.a - s.a * d.a;
#endif
  // The maps apply in proportion to the source's own coverage (before opacity).
  float coverage = src.a;
#if HAS_SHADING
  // Transparent shading texels mean "no shade": k = (1 - a) + lum(premultiplied rgb).
  vec4 sh = texture(u_shading, v_outputUv);
  float k = 1.0 - sh.a + lum(sh.rgb);
  o.rgb *= mix(1.0, k, coverage);
#endif
#if HAS_HIGHLIGHT
  vec3 h = texture(u_highlight, v_outputUv).rgb; // premultiplied: a faded highlight screens less
  o.rgb += coverage * (h * o.a - o.rgb * h);
#endif
  outColor = o;
}
