/**
 * Texture upload. Every texture the engine samples holds premultiplied alpha so that linear
 * filtering and mipmaps never bleed the colour of transparent texels into edges.
 *
 * Upload rules measured in Chromium (SwiftShader):
 * - canvases, ImageData, images and video honour UNPACK_PREMULTIPLY_ALPHA_WEBGL, so it is set;
 * - an ImageBitmap ignores the pixel-store flags and uploads the way it was decoded: premultiplied
 *   when created with premultiplyAlpha 'premultiply' or 'default', straight when created with
 *   'none'. Callers must not hand the engine 'none' bitmaps (the image loader never makes them).
 */

export interface GLTexture {
  readonly texture: WebGLTexture;
  readonly width: number;
  readonly height: number;
  readonly mipmapped: boolean;
}

export interface UploadOptions {
  /**
   * Build a mip chain and sample it trilinearly. Worth it when the texture is drawn noticeably
   * smaller than its size (a print-size flat on a 1200 px mockup); otherwise plain bilinear
   * is sharper and skips the generateMipmap cost.
   */
  readonly mipmaps?: boolean;
}

/** Width and height of any TexImageSource, by duck typing: workers have no HTMLImageElement to test against. */
export function sourceSize(source: TexImageSource): { width: number; height: number } {
  const s = source as unknown as Record<string, unknown>;
  const pick = (w: string, h: string): { width: number; height: number } | null => {
    const width = s[w];
    const height = s[h];
    return typeof width === 'number' && typeof height === 'number' && width > 0 && height > 0 ? { width, height } : null;
  };
  const size =
    pick('naturalWidth', 'naturalHeight') ??
    pick('videoWidth', 'videoHeight') ??
    pick('displayWidth', 'displayHeight') ??
    pick('width', 'height');
  if (!size) throw new Error('texture source has no size (not loaded yet, or zero-sized)');
  return size;
}

function setSampling(gl: WebGL2RenderingContext, mipmapped: boolean): void {
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, mipmapped ? gl.LINEAR_MIPMAP_LINEAR : gl.LINEAR);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
  // Clamp: meshes cover exactly uv 0..1, and repeat would wrap the opposite edge into the border texels.
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
}

/**
 * Uploads `source` into a new RGBA8 texture (or into `reuse` when given, which must be a
 * texture this module made). Throws when the source is larger than MAX_TEXTURE_SIZE: use
 * `fitToTextureLimit` first for sources that may be print-sized.
 */
export function uploadTexture(
  gl: WebGL2RenderingContext,
  source: TexImageSource,
  options: UploadOptions = {},
  reuse?: WebGLTexture,
): GLTexture {
  const { width, height } = sourceSize(source);
  const max = gl.getParameter(gl.MAX_TEXTURE_SIZE) as number;
  if (width > max || height > max) {
    throw new Error(`texture ${width}x${height} exceeds MAX_TEXTURE_SIZE ${max}`);
  }
  const texture = reuse ?? gl.createTexture();
  if (!texture) throw new Error('createTexture failed');
  gl.bindTexture(gl.TEXTURE_2D, texture);
  gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, true);
  gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
  // Raw file values, like createImageBitmap(..., { colorSpaceConversion: 'none' }) in the loader.
  gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
  gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
  gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, width, height, 0, gl.RGBA, gl.UNSIGNED_BYTE, source);
  const mipmapped = options.mipmaps === true && (width > 1 || height > 1);
  if (mipmapped) gl.generateMipmap(gl.TEXTURE_2D);
  setSampling(gl, mipmapped);
  gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
  gl.bindTexture(gl.TEXTURE_2D, null);
  return { texture, width, height, mipmapped };
}

/** An empty RGBA8 texture (render target storage), bilinear, clamped. */
export function createEmptyTexture(gl: WebGL2RenderingContext, width: number, height: number): GLTexture {
  const texture = gl.createTexture();
  if (!texture) throw new Error('createTexture failed');
  gl.bindTexture(gl.TEXTURE_2D, texture);
  // Immutable storage: the driver can allocate once and skip completeness checks.
  gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA8, width, height);
  setSampling(gl, false);
  gl.bindTexture(gl.TEXTURE_2D, null);
  return { texture, width, height, mipmapped: false };
}

/**
 * Writes `rect` of an RGBA8 pixel array `stride` px wide (ImageData order, top row first) into
 * `texture` at its origin, without copying the rect out first. The bytes go in as they are: no
 * premultiplication and no flip.
 */
export function uploadRegion(
  gl: WebGL2RenderingContext,
  texture: GLTexture,
  pixels: Uint8Array | Uint8ClampedArray,
  stride: number,
  rect: { readonly x: number; readonly y: number; readonly width: number; readonly height: number },
): void {
  if (rect.width <= 0 || rect.height <= 0) return;
  gl.bindTexture(gl.TEXTURE_2D, texture.texture);
  gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
  gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
  gl.pixelStorei(gl.UNPACK_ROW_LENGTH, stride);
  gl.pixelStorei(gl.UNPACK_SKIP_PIXELS, rect.x);
  gl.pixelStorei(gl.UNPACK_SKIP_ROWS, rect.y);
  gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, rect.width, rect.height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
  gl.pixelStorei(gl.UNPACK_ROW_LENGTH, 0);
  gl.pixelStorei(gl.UNPACK_SKIP_PIXELS, 0);
  gl.pixelStorei(gl.UNPACK_SKIP_ROWS, 0);
  gl.bindTexture(gl.TEXTURE_2D, null);
}

/** Adds a mip chain to a texture uploaded without one (a cached photo later drawn smaller). */
export function generateMipmaps(gl: WebGL2RenderingContext, texture: GLTexture): GLTexture {
  if (texture.mipmapped) return texture;
  gl.bindTexture(gl.TEXTURE_2D, texture.texture);
  gl.generateMipmap(gl.TEXTURE_2D);
  setSampling(gl, true);
  gl.bindTexture(gl.TEXTURE_2D, null);
  return { ...texture, mipmapped: true };
}

export function deleteTexture(gl: WebGL2RenderingContext, texture: GLTexture): void {
  gl.deleteTexture(texture.texture);
}

/** Bytes a texture occupies on the GPU (a mip chain adds about a third). */
export function textureBytes(texture: GLTexture): number {
  const base = texture.width * texture.height * 4;
  return texture.mipmapped ? Math.ceil((base * 4) / 3) : base;
}

/**
 * Scales a source down (keeping its aspect) so it fits in `maxSize` on both sides; sources that
 * already fit come back unchanged. Print-size flats can pass 8192 px, which no texture can hold;
 * for a mockup a downscaled flat loses nothing visible. The result is a premultiplied bitmap
 * the caller owns when it differs from the input.
 */
export async function fitToTextureLimit(source: TexImageSource, maxSize: number): Promise<TexImageSource> {
  const { width, height } = sourceSize(source);
  if (width <= maxSize && height <= maxSize) return source;
  const k = maxSize / Math.max(width, height);
  return createImageBitmap(source as ImageBitmapSource, {
    resizeWidth: Math.max(1, Math.floor(width * k)),
    resizeHeight: Math.max(1, Math.floor(height * k)),
    resizeQuality: 'high',
    premultiplyAlpha: 'premultiply',
    colorSpaceConversion: 'none',
  });
}
