#version 300 es
precision highp float;
// One direction of a Gaussian blur of a layer buffer (premultiplied, so transparent surroundings
// do not darken edges), as Photoshop's Gaussian Blur smart filter with its radius as the standard
// deviation. Texels outside u_srcRect (the part of the buffer drawn this pass) count as transparent,
// so a layer fades out at its edges instead of smearing stale pixels in.
uniform sampler2D u_src;   // target layout
uniform ivec2 u_dir;       // (1, 0) or (0, 1)
uniform float u_sigma;     // target px
uniform vec4 u_srcRect;    // x, y, width, height in target px
out vec4 outColor;

const int MAX_REACH = 96;

vec4 at(ivec2 p) {
  ivec2 lo = ivec2(u_srcRect.xy);
  ivec2 hi = lo + ivec2(u_srcRect.zw);
  return all(greaterThanEqual(p, lo)) && all(lessThan(p, hi)) ? texelFetch(u_src, p, 0) : vec4(0.0);
}

void main() {
  ivec2 p = ivec2(gl_FragCoord.xy);
  int reach = min(int(ceil(3.0 * u_sigma)), MAX_REACH);
  float k = -0.5 / (u_sigma * u_sigma);
  vec4 sum = at(p);
  float weights = 1.0;
  for (int i = 1; i <= MAX_REACH; i++) {
    if (i > reach) break;
    float w = exp(k * float(i * i));
    sum += w * (at(p + u_dir * i) + at(p - u_dir * i));
    weights += 2.0 * w;
  }
  outColor = sum / weights;
}
