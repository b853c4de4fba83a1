#version 300 es
precision highp float;
// Draws the product photo, tinted with the SKU colour. The photo is the white product: its
// luminance carries the folds and shade, so colour * luminance keeps them while the hue becomes
// the SKU's. Premultiplied input makes this exact without unpremultiplying: luminance is linear,
// so lum(rgb * a) = a * lum(rgb) and the result stays premultiplied by the photo's own alpha;
// transparent photo pixels (outside a cut-out product) stay untouched.
uniform sampler2D u_photo;
uniform vec3 u_color;
uniform bool u_tint;
in vec2 v_outputUv;
out vec4 outColor;

// Same weights as the 'color' blend mode (W3C compositing Lum), so the two agree on brightness.
const vec3 LUM = vec3(0.3, 0.59, 0.11);

void main() {
  vec4 p = texture(u_photo, v_outputUv);
  if (u_tint) p.rgb = u_color * dot(p.rgb, LUM);
  outColor = p;
}
