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
//   MODE           blend code 1..27 (8 and up: Photoshop's modes with Photoshop's formulas, as
//                  engine/psd/composite/blend-modes.ts computes them on the CPU)
//   SRC_IS_TILE    1: u_src has the target's layout (a layer buffer of the same tile) and is read
//                  texel for texel; 0: u_src spans the whole output (a part image), sampled at
//                  v_outputUv
//   HAS_SHADING    1: multiply by the view's shading map where the source covers
//   HAS_HIGHLIGHT  1: screen the view's highlight map where the source covers
//   HAS_PHOTO_LIGHT 1: shade and lift the source by the photo's own luminance through the level
//                  range u_photoLevels (black, white in 0..1): below white it darkens (to 0 at
//                  black), above white it screens towards white
//   HAS_MASK       1: the source is multiplied by a raster mask spanning the output (red channel)
//   HAS_CLIP_BASE  1: the source shows only where its clipping base's layer buffer (tile layout)
//                  covers, as a Photoshop clipping mask
//   HAS_DISPLACEMENT 1 (with SRC_IS_TILE): the source is read displaced by the view's displacement
//                  map (red: x, green: y; 128 = none), up to u_displaceScale px, bilinearly,
//                  transparent outside u_srcRect (the part of the layer buffer drawn this pass)
//   HAS_EDGE_COVERAGE 1 (with SRC_IS_TILE): the source is scaled by its layer's edge coverage
//                  mask (u_edgeCoverage, one texel per output px of u_edgeCoverageRect, nothing
//                  outside it), as shaders/coverage.frag.glsl would have done in a pass of its own
//   HAS_COLOR_LUT  1: the source's colours go through a 3D colour table of COLOR_LUT_SIZE levels
//                  per channel (slices per blue level side by side; red along x, green along y)
//   SRC_FROM_MESH  1 (with SRC_IS_TILE, without HAS_DISPLACEMENT): drawn by the layer's warp mesh
//                  (vertex shader shaders/mesh.vert.glsl) instead of a quad over its rect, so only
//                  the pixels the layer can cover are blended (v_outputUv is worked out from the
//                  fragment's position), and with no layer buffer: the source is the flat sampled
//                  as shaders/mesh.frag.glsl samples it (bilinear, shaded), rounded to 8 bits as a
//                  layer buffer would store it (ties to even, as SwiftShader's store rounds: with
//                  round-half-up a column of pixels sampled exactly between two texels came out
//                  one level apart), so a layer blended straight from its mesh has the very pixels
//                  of one drawn into a buffer first. Only for meshes that never cover a pixel
//                  twice (a buffer composites such overlaps).

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
#ifndef HAS_PHOTO_LIGHT
#define HAS_PHOTO_LIGHT 0
#endif
#ifndef HAS_MASK
#define HAS_MASK 0
#endif
#ifndef HAS_CLIP_BASE
#define HAS_CLIP_BASE 0
#endif
#ifndef HAS_COLOR_LUT
#define HAS_COLOR_LUT 0
#endif
#ifndef HAS_DISPLACEMENT
#define HAS_DISPLACEMENT 0
#endif
#ifndef HAS_EDGE_COVERAGE
#define HAS_EDGE_COVERAGE 0
#endif
#ifndef SRC_FROM_MESH
#define SRC_FROM_MESH 0
#endif
#if SRC_FROM_MESH && !(SRC_IS_TILE && !HAS_DISPLACEMENT)
#error SRC_FROM_MESH needs SRC_IS_TILE and cannot displace
#endif
#ifndef COLOR_LUT_SIZE
#define COLOR_LUT_SIZE 33
#endif

#define LIGHTER 1
#define COLOR 2
#define DARKEN 3
#define LIGHTEN 4
#define OVERLAY 5
#define MULTIPLY 6
#define NONE 7
#define SCREEN 8
#define SOFT_LIGHT 9
#define HARD_LIGHT 10
#define COLOR_DODGE 11
#define COLOR_BURN 12
#define LINEAR_DODGE 13
#define LINEAR_BURN 14
#define VIVID_LIGHT 15
#define LINEAR_LIGHT 16
#define PIN_LIGHT 17
#define HARD_MIX 18
#define DIFFERENCE 19
#define EXCLUSION 20
#define SUBTRACT 21
#define DIVIDE 22
#define HUE 23
#define SATURATION 24
#define LUMINOSITY 25
#define DARKER_COLOR 26
#define LIGHTER_COLOR 27

uniform sampler2D u_src;
uniform sampler2D u_backdrop; // copy of the composite, target layout
uniform float u_opacity;      // 0..1, applied to the source
#if HAS_SHADING
uniform sampler2D u_shading;
#endif
#if HAS_HIGHLIGHT
uniform sampler2D u_highlight;
#endif
#if HAS_PHOTO_LIGHT
uniform sampler2D u_photo;     // the untinted product photo, spanning the output
uniform vec2 u_photoLevels;    // black, white
#endif
#if HAS_EDGE_COVERAGE
uniform sampler2D u_edgeCoverage;
uniform vec4 u_edgeCoverageRect; // x, y, width, height in output px
#endif
#if HAS_EDGE_COVERAGE || SRC_FROM_MESH
uniform vec4 u_outputMap;        // tile origin x, y in output px; 1 / output width, height (the quad program's uniform)
#endif
#if HAS_MASK
uniform sampler2D u_mask;
#endif
#if HAS_CLIP_BASE
uniform sampler2D u_clipBase;
#endif
#if HAS_DISPLACEMENT
uniform sampler2D u_displacement;
uniform vec2 u_displaceScale; // target px moved at map values 0 and 255
uniform vec4 u_srcRect;       // x, y, width, height in target px

vec4 srcTexel(ivec2 p) {
  ivec2 lo = ivec2(u_srcRect.xy);
  ivec2 hi = lo + ivec2(u_srcRect.zw);
  return all(greaterThanEqual(p, lo)) && all(lessThan(p, hi)) ? texelFetch(u_src, p, 0) : vec4(0.0);
}

// The layer buffer at a fractional position, bilinear on premultiplied colour.
vec4 srcAt(vec2 p) {
  vec2 q = p - 0.5;
  ivec2 i = ivec2(floor(q));
  vec2 f = q - floor(q);
  return mix(mix(srcTexel(i), srcTexel(i + ivec2(1, 0)), f.x), mix(srcTexel(i + ivec2(0, 1)), srcTexel(i + ivec2(1, 1)), f.x), f.y);
}
#endif
#if HAS_COLOR_LUT
uniform sampler2D u_colorLut;

// Red and green interpolate in the texture's bilinear filter; blue between two slices here.
vec3 lookUp(vec3 c) {
  float n = float(COLOR_LUT_SIZE);
  vec3 p = clamp(c, 0.0, 1.0) * (n - 1.0);
  float b0 = floor(p.b);
  float b1 = min(b0 + 1.0, n - 1.0);
  vec2 size = vec2(n * n, n);
  vec2 rg = p.rg + 0.5;
  vec3 lo = texture(u_colorLut, (vec2(b0 * n, 0.0) + rg) / size).rgb;
  vec3 hi = texture(u_colorLut, (vec2(b1 * n, 0.0) + rg) / size).rgb;
  return mix(lo, hi, p.b - b0);
}
#endif

#if SRC_FROM_MESH
uniform sampler2D u_texture;
uniform float u_shadeStrength; // as in shaders/mesh.frag.glsl
in vec3 v_uvq;
in float v_shade;
#endif
#if !SRC_FROM_MESH
in vec2 v_outputUv;
#endif
out vec4 outColor;

const vec3 LUM = vec3(0.3, 0.59, 0.11);

float lum(vec3 c) { return dot(c, LUM); }

#if MODE == COLOR || MODE == HUE || MODE == SATURATION || MODE == LUMINOSITY
vec3 clipColor(vec3 c) {
  float l = lum(c);
  float n = min(min(c.r, c.g), c.b);
  float x = max(max(c.r, c.g), c.b);
  if (n < 0.0) c = l + (c - l) * l / max(l - n, 1e-6);
  if (x > 1.0) c = l + (c - l) * (1.0 - l) / max(x - l, 1e-6);
  return c;
}

vec3 setLum(vec3 c, float l) { return clipColor(c + (l - lum(c))); }

float sat(vec3 c) { return max(max(c.r, c.g), c.b) - min(min(c.r, c.g), c.b); }

// The colour with saturation (max - min) set to s, channel order kept.
vec3 setSat(vec3 c, float s) {
  float mn = min(min(c.r, c.g), c.b);
  float range = max(max(c.r, c.g), c.b) - mn;
  return range > 0.0 ? (c - mn) * (s / range) : vec3(0.0);
}
#endif

vec3 burn(vec3 b, vec3 s) {
  // A white backdrop stays white even under black; a black source otherwise burns to black.
  vec3 r = 1.0 - min(vec3(1.0), (1.0 - b) / max(s, 1e-6));
  r = mix(r, vec3(0.0), step(s, vec3(0.0)));
  return mix(r, vec3(1.0), step(vec3(1.0), b));
}

vec3 dodge(vec3 b, vec3 s) {
  vec3 r = min(vec3(1.0), b / max(1.0 - s, 1e-6));
  r = mix(r, vec3(1.0), step(vec3(1.0), s));
  return mix(r, vec3(0.0), step(b, vec3(0.0)));
}

vec3 hardLight(vec3 b, vec3 s) {
  vec3 lo = 2.0 * s * b;
  vec3 hi = 1.0 - 2.0 * (1.0 - s) * (1.0 - b);
  return mix(lo, hi, step(0.50001, s));
}

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
#elif MODE == SCREEN
  return cb + cs - cb * cs;
#elif MODE == SOFT_LIGHT
  // Photoshop's soft light (not the W3C one): a square-root curve for light sources.
  vec3 lo = cb - (1.0 - 2.0 * cs) * cb * (1.0 - cb);
  vec3 hi = cb + (2.0 * cs - 1.0) * (sqrt(cb) - cb);
  return mix(lo, hi, step(0.50001, cs));
#elif MODE == HARD_LIGHT
  return hardLight(cb, cs);
#elif MODE == COLOR_DODGE
  return dodge(cb, cs);
#elif MODE == COLOR_BURN
  return burn(cb, cs);
#elif MODE == LINEAR_DODGE
  return min(cb + cs, vec3(1.0));
#elif MODE == LINEAR_BURN
  return max(cb + cs - 1.0, vec3(0.0));
#elif MODE == VIVID_LIGHT
  return mix(burn(cb, 2.0 * cs), dodge(cb, 2.0 * cs - 1.0), step(0.50001, cs));
#elif MODE == LINEAR_LIGHT
  return clamp(cb + 2.0 * cs - 1.0, 0.0, 1.0);
#elif MODE == PIN_LIGHT
  return mix(min(cb, 2.0 * cs), max(cb, 2.0 * cs - 1.0), step(0.50001, cs));
#elif MODE == HARD_MIX
  // Every channel ends up 0 or 1; 8-bit pairs summing to exactly 255 count as 1.
  return step(1.0 - 1e-4, cb + cs);
#elif MODE == DIFFERENCE
  return abs(cb - cs);
#elif MODE == EXCLUSION
  return cb + cs - 2.0 * cb * cs;
#elif MODE == SUBTRACT
  return max(cb - cs, vec3(0.0));
#elif MODE == DIVIDE
  vec3 q = min(vec3(1.0), cb / max(cs, 1e-6));
  return mix(q, step(1e-6, cb), step(cs, vec3(0.0)));
#elif MODE == HUE
  return setLum(setSat(cs, sat(cb)), lum(cb));
#elif MODE == SATURATION
  return setLum(setSat(cb, sat(cs)), lum(cb));
#elif MODE == LUMINOSITY
  return setLum(cb, lum(cs));
#elif MODE == DARKER_COLOR
  return lum(cs) < lum(cb) ? cs : cb;
#elif MODE == LIGHTER_COLOR
  return lum(cs) > lum(cb) ? cs : cb;
#else
  return cs;
#endif
}

void main() {
  ivec2 texel = ivec2(gl_FragCoord.xy);
#if SRC_FROM_MESH
  // Where the quad program's v_outputUv would be at this pixel's centre.
  vec2 v_outputUv = (gl_FragCoord.xy + u_outputMap.xy) * u_outputMap.zw;
  vec4 sampled = texture(u_texture, v_uvq.xy / v_uvq.z);
  vec4 src = roundEven(vec4(sampled.rgb * mix(1.0, v_shade, u_shadeStrength), sampled.a) * 255.0) / 255.0;
#elif SRC_IS_TILE && HAS_DISPLACEMENT
  vec2 shift = (texture(u_displacement, v_outputUv).rg * 255.0 - 128.0) / 128.0 * u_displaceScale;
  vec4 src = srcAt(gl_FragCoord.xy + shift);
#elif SRC_IS_TILE
  vec4 src = texelFetch(u_src, texel, 0);
#else
  vec4 src = texture(u_src, v_outputUv);
#endif
#if HAS_EDGE_COVERAGE
  {
    ivec2 p = ivec2(floor(gl_FragCoord.xy + u_outputMap.xy - u_edgeCoverageRect.xy));
    bool inside = all(greaterThanEqual(p, ivec2(0))) && all(lessThan(p, ivec2(u_edgeCoverageRect.zw)));
    src *= inside ? texelFetch(u_edgeCoverage, p, 0).a : 0.0;
  }
#endif
#if HAS_COLOR_LUT
  if (src.a > 0.0) src.rgb = lookUp(src.rgb / src.a) * src.a;
#endif
#if HAS_MASK
  src *= texture(u_mask, v_outputUv).r;
#endif
#if HAS_CLIP_BASE && HAS_DISPLACEMENT
  // The base is displaced alike: the layer shows where the displaced base does.
  src *= texelFetch(u_clipBase, ivec2(gl_FragCoord.xy + shift), 0).a;
#elif HAS_CLIP_BASE
  src *= texelFetch(u_clipBase, texel, 0).a;
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
#if HAS_PHOTO_LIGHT
  vec4 ph = texture(u_photo, v_outputUv);
  float l = ph.a > 0.0 ? lum(ph.rgb / ph.a) : u_photoLevels.y;
  float shade = clamp((l - u_photoLevels.x) / max(u_photoLevels.y - u_photoLevels.x, 1e-3), 0.0, 1.0);
  float lift = clamp((l - u_photoLevels.y) / max(1.0 - u_photoLevels.y, 1e-3), 0.0, 1.0);
  o.rgb *= mix(1.0, shade, coverage);
  o.rgb += coverage * lift * (o.a - o.rgb);
#endif
  outColor = o;
}
