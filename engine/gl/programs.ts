/** Shader program creation through twgl, with compile errors turned into thrown Errors. */
import { createProgramInfo, type ProgramInfo } from 'twgl.js';

/**
 * Compiles and links a program. twgl reports failures through a callback and returns null;
 * this throws instead, naming the program so a bad shader edit points at its file.
 */
export function createProgram(gl: WebGL2RenderingContext, vertexSource: string, fragmentSource: string, label: string): ProgramInfo {
  const errors: string[] = [];
  const info = createProgramInfo(gl, [vertexSource, fragmentSource], (msg: string) => {
    errors.push(msg);
  }) as ProgramInfo | null;
  if (!info) throw new Error(`shader program '${label}' failed to build:\n${errors.join('\n')}`);
  return info;
}

export function deleteProgram(gl: WebGL2RenderingContext, info: ProgramInfo): void {
  gl.deleteProgram(info.program);
}
