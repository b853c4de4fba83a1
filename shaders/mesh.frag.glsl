#version 300 es
precision highp float;
// Samples the flat (premultiplied) through the mesh and darkens it by the vertex shade.
//
// Variants (macros injected after #version, engine/render/mockup/programs.ts):
//   CUBIC  0: the texture unit's own filtering (bilinear, trilinear with mipmaps); costs one fetch.
//          1: a Keys cubic widened by the pixel's footprint in the texture, normalised, read with
//             texelFetch: Photoshop's Bicubic Sharper / Smoother (engine/render/mockup/resampling.ts
//             holds the parameters and the measurements behind them).
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
  vec2 c = uv * vec2(size) - 0.5; // in texel-centre coordinates of that level
  ivec2 first = ivec2(floor(c - 2.0 * w)) + 1;
  ivec2 count = min(ivec2(floor(c + 2.0 * w)) - first + 1, ivec2(MAX_TAPS));
  float a = u_cubicKernel.x;
  float wx[MAX_TAPS];
  float sumX = 0.0;
  for (int i = 0; i < MAX_TAPS; i++) {
    if (i >= count.x) break;
    wx[i] = keys((float(first.x + i) - c.x) / w.x, a);
    sumX += wx[i];
  }
  vec4 acc = vec4(0.0);
  float sumY = 0.0;
  for (int j = 0; j < MAX_TAPS; j++) {
    if (j >= count.y) break;
    float wy = keys((float(first.y + j) - c.y) / w.y, a);
    sumY += wy;
    int ty = clamp(first.y + j, 0, size.y - 1);
    vec4 row = vec4(0.0);
    for (int i = 0; i < MAX_TAPS; i++) {
      if (i >= count.x) break;
      row += wx[i] * texelFetch(u_texture, ivec2(clamp(first.x + i, 0, size.x - 1), ty), level);
    }
    acc += wy * row;
  }
  acc /= sumX * sumY;
  // Negative lobes overshoot: keep alpha in 0..1 and premultiplied colour within alpha.
  acc.a = clamp(acc.a, 0.0, 1.0);
  acc.rgb = clamp(acc.rgb, vec3(0.0), vec3(acc.a));
  return acc;
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
