#version 300 es
precision highp float;
// Samples the flat (premultiplied) through the mesh and darkens it by the vertex shade.
//
// Variants (macros injected after #version, engine/render/mockup/programs.ts):
//   CUBIC  0: the texture unit's own filtering (bilinear, trilinear with mipmaps); costs one fetch.
//          1: a Keys cubic widened by the pixel's footprint in the texture, normalised, applied
//             rows first in straight colour, read with texelFetch: Photoshop's Bicubic Sharper /
//             Smoother (engine/render/mockup/resampling.ts holds the parameters, the measurements
//             behind them and the same arithmetic on the CPU).
#ifndef CUBIC
#define CUBIC 0
#endif

uniform sampler2D u_texture;
uniform float u_shadeStrength; // 0: ignore a_shade, 1: multiply by it fully
#if CUBIC
// x: Keys a. The kernel's width in texels along an axis is max(y + z * f, w * f, 1), where f is
// the footprint: texels per output pixel along that axis.
uniform vec4 u_cubicKernel;
// Highest mip level the texture has (0 without mipmaps).
uniform float u_maxLod;
#endif
in vec3 v_uvq;
in float v_shade;
out vec4 outColor;

#if CUBIC
// Taps per axis at most (support 4 * width + 1 <= this): a kernel up to 7.75 texels wide, a
// reduction to 0.135x, reads the full-size level; wider ones read a mip level, whose box filter
// softens Sharper (the loops stop at the taps a pixel needs, so the bound costs nothing).
#define MAX_TAPS 32

float keys(float x, float a) {
  x = abs(x);
  return x < 1.0 ? ((a + 2.0) * x - (a + 3.0)) * x * x + 1.0
       : x < 2.0 ? a * (((x - 5.0) * x + 8.0) * x - 4.0)
       : 0.0;
}

// Photoshop's Bicubic as measured (engine/psd/README.md, "Resampling"): separable, rows first,
// each row's horizontal sum clamped to 0..1 and rounded to 8 bits before the vertical pass, so the
// negative lobes of one pass cannot multiply with those of the other into faint coverage off the
// corners. At the image's edge the sample centre stops at the first/last texel centre and texels
// past the edge are transparent, the weights still normalised over every tap: an opaque edge's
// outer pixels keep only the in-image share of the kernel (238 of 255 for Smoother at 1.69x).
// Colour is mixed straight (not weighted by alpha) over a hidden colour that continues the artwork:
// a tap without coverage (transparent, or past the edge) takes the colour of the nearest covered
// tap in its row, and a row without coverage that of the nearest covered row (on the 1.69x pixel
// art 0.37 against 0.78 mixing premultiplied colour; engine/render/mockup/resampling.ts mirrors
// this on the CPU).

vec4 cubicSample(vec2 uv) {
  ivec2 size0 = textureSize(u_texture, 0);
  vec2 p0 = uv * vec2(size0);
  // Texels per output pixel along each texture axis (rotation-invariant for similarity maps).
  vec2 footprint = vec2(length(vec2(dFdx(p0.x), dFdy(p0.x))), length(vec2(dFdx(p0.y), dFdy(p0.y))));
  vec2 width = max(max(u_cubicKernel.y + u_cubicKernel.z * footprint, u_cubicKernel.w * footprint), vec2(1.0));
  // A kernel wider than the taps allow reads a coarser level, where it is narrower in texels.
  float lod = clamp(ceil(log2(max(width.x, width.y) * 4.0 / float(MAX_TAPS - 1))), 0.0, u_maxLod);
  int level = int(lod);
  ivec2 size = textureSize(u_texture, level);
  vec2 w = width * vec2(size) / vec2(size0);
  // In texel-centre coordinates of that level, held inside the first and last texel centres.
  vec2 c = clamp(uv * vec2(size) - 0.5, vec2(0.0), vec2(size - 1));
  ivec2 first = ivec2(floor(c - 2.0 * w)) + 1;
  ivec2 count = min(ivec2(floor(c + 2.0 * w)) - first + 1, ivec2(MAX_TAPS));
  float a = u_cubicKernel.x;
  float wx[MAX_TAPS];
  float cumX[MAX_TAPS + 1];
  cumX[0] = 0.0;
  for (int i = 0; i < MAX_TAPS; i++) {
    if (i >= count.x) break;
    wx[i] = keys((float(first.x + i) - c.x) / w.x, a);
    cumX[i + 1] = cumX[i] + wx[i];
  }
  float wy[MAX_TAPS];
  float cumY[MAX_TAPS + 1];
  cumY[0] = 0.0;
  for (int j = 0; j < MAX_TAPS; j++) {
    if (j >= count.y) break;
    wy[j] = keys((float(first.y + j) - c.y) / w.y, a);
    cumY[j + 1] = cumY[j] + wy[j];
  }
  // Vertical pass over the rows' 8-bit straight colour and alpha.
  vec3 rgb = vec3(0.0);
  float alpha = 0.0;
  int prevRow = -1;
  vec3 prevRowColor = vec3(0.0);
  for (int j = 0; j < MAX_TAPS; j++) {
    if (j >= count.y) break;
    int ty = first.y + j;
    // A row past the edge is transparent: its weight counts, its texels add nothing.
    if (ty < 0 || ty >= size.y) continue;
    vec3 rowRgb = vec3(0.0);
    float rowAlpha = 0.0;
    int prev = -1;
    vec3 prevColor = vec3(0.0);
    for (int i = 0; i < MAX_TAPS; i++) {
      if (i >= count.x) break;
      int tx = first.x + i;
      if (tx < 0 || tx >= size.x) continue;
      vec4 t = texelFetch(u_texture, ivec2(tx, ty), level);
      if (t.a <= 0.0) continue;
      rowAlpha += wx[i] * t.a;
      vec3 s = t.rgb / t.a;
      // The uncovered taps since the previous covered one split between the two, the nearer
      // taking each (ties the earlier); taps before the first covered one all go to it.
      int m = prev < 0 ? -1 : (prev + i) / 2;
      if (prev >= 0) rowRgb += (cumX[m + 1] - cumX[prev + 1]) * prevColor;
      rowRgb += (cumX[i + 1] - cumX[m + 1]) * s;
      prev = i;
      prevColor = s;
    }
    if (prev < 0) continue;
    rowRgb += (cumX[count.x] - cumX[prev + 1]) * prevColor;
    // The intermediate is an 8-bit image.
    rowRgb = floor(clamp(rowRgb / cumX[count.x], 0.0, 1.0) * 255.0 + 0.5) / 255.0;
    rowAlpha = floor(clamp(rowAlpha / cumX[count.x], 0.0, 1.0) * 255.0 + 0.5) / 255.0;
    if (rowAlpha <= 0.0) continue;
    alpha += wy[j] * rowAlpha;
    int m = prevRow < 0 ? -1 : (prevRow + j) / 2;
    if (prevRow >= 0) rgb += (cumY[m + 1] - cumY[prevRow + 1]) * prevRowColor;
    rgb += (cumY[j + 1] - cumY[m + 1]) * rowRgb;
    prevRow = j;
    prevRowColor = rowRgb;
  }
  if (prevRow < 0) return vec4(0.0);
  rgb += (cumY[count.y] - cumY[prevRow + 1]) * prevRowColor;
  // Negative lobes overshoot: keep colour and alpha in 0..1.
  alpha = clamp(alpha / cumY[count.y], 0.0, 1.0);
  rgb = clamp(rgb / cumY[count.y], 0.0, 1.0);
  return vec4(rgb * alpha, alpha);
}
#endif

void main() {
  vec2 uv = v_uvq.xy / v_uvq.z;
#if CUBIC
  vec4 c = cubicSample(uv);
#else
  vec4 c = texture(u_texture, uv);
#endif
  // Premultiplied: scaling rgb alone darkens without changing coverage.
  outColor = vec4(c.rgb * mix(1.0, v_shade, u_shadeStrength), c.a);
}
