/**
 * The machine's floor for an interactive frame: one textured full-screen triangle into an
 * out-size target with WebGL2, read back and handed out as an ImageBitmap the way the engine
 * hands out its output (readPixels → ImageData → kept 2D canvas → createImageBitmap). Optionally
 * re-uploads the texture first (the least a changed design costs: new pixels must reach the GPU).
 */
const VERT = `#version 300 es
out vec2 v_uv;
void main() {
  vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  v_uv = p;
  gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
}`;
const FRAG = `#version 300 es
precision highp float;
uniform sampler2D u_tex;
in vec2 v_uv;
out vec4 outColor;
void main() { outColor = texture(u_tex, v_uv); }`;

export class BlitFloor {
  readonly gl: WebGL2RenderingContext;
  private readonly texture: WebGLTexture;
  private readonly fbo: WebGLFramebuffer;
  private readonly pixels: Uint8ClampedArray<ArrayBuffer>;
  private readonly out: OffscreenCanvasRenderingContext2D;

  constructor(
    readonly width: number,
    readonly height: number,
    private readonly source: ImageBitmap,
  ) {
    const gl = new OffscreenCanvas(1, 1).getContext('webgl2', { antialias: false, depth: false, stencil: false, premultipliedAlpha: true });
    if (!gl) throw new Error('no WebGL2');
    this.gl = gl;
    const compile = (type: number, src: string) => {
      const s = gl.createShader(type)!;
      gl.shaderSource(s, src);
      gl.compileShader(s);
      if (!gl.getShaderParameter(s, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(s) ?? 'shader');
      return s;
    };
    const program = gl.createProgram();
    gl.attachShader(program, compile(gl.VERTEX_SHADER, VERT));
    gl.attachShader(program, compile(gl.FRAGMENT_SHADER, FRAG));
    gl.linkProgram(program);
    gl.useProgram(program);
    gl.bindVertexArray(gl.createVertexArray());
    this.texture = gl.createTexture()!;
    this.upload();
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    const target = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, target);
    gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA8, width, height);
    this.fbo = gl.createFramebuffer()!;
    gl.bindFramebuffer(gl.FRAMEBUFFER, this.fbo);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, target, 0);
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.viewport(0, 0, width, height);
    this.pixels = new Uint8ClampedArray(width * height * 4);
    this.out = new OffscreenCanvas(width, height).getContext('2d')!;
  }

  private upload(): void {
    const gl = this.gl;
    gl.bindTexture(gl.TEXTURE_2D, this.texture);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, true);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, gl.RGBA, gl.UNSIGNED_BYTE, this.source);
  }

  /**
   * One frame; `upload` re-sends the source texture first. The bitmap is a copy of the kept
   * canvas (createImageBitmap), not the canvas's own pixels (transferToImageBitmap), which would
   * leave the next frame a new canvas buffer to make: 6.6-7.1 against 8.3-8.6 ms a frame here;
   * the engine takes its bitmaps the same way.
   */
  async frame(upload: boolean): Promise<ImageBitmap> {
    const gl = this.gl;
    if (upload) this.upload();
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    gl.readPixels(0, 0, this.width, this.height, gl.RGBA, gl.UNSIGNED_BYTE, this.pixels);
    this.out.putImageData(new ImageData(this.pixels, this.width, this.height), 0, 0);
    return createImageBitmap(this.out.canvas);
  }
}
