#version 300 es
precision highp float;
// Final copy of a composite: flattens it over a background colour (JPEG has no alpha) and, for
// outputs read back as ImageData (straight alpha), unpremultiplies.
uniform sampler2D u_source;   // target layout
uniform vec4 u_background;    // premultiplied; (0,0,0,0) keeps transparency
uniform bool u_unpremultiply;
out vec4 outColor;

void main() {
  vec4 c = texelFetch(u_source, ivec2(gl_FragCoord.xy), 0);
  c += u_background * (1.0 - c.a);
  if (u_unpremultiply && c.a > 0.0) c.rgb /= c.a;
  outColor = c;
}
