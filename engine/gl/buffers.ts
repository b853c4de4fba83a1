/**
 * Vertex arrays for triangle meshes. Mesh data is built on the CPU by engine/geometry; this
 * uploads it once per draw list and frees it after.
 */
import { createBufferInfoFromArrays, createVertexArrayInfo, type Arrays, type ProgramInfo, type VertexArrayInfo } from 'twgl.js';

export interface GLMesh {
  readonly vao: VertexArrayInfo;
  readonly buffers: readonly WebGLBuffer[];
}

/**
 * Uploads `arrays` (twgl's Arrays: attribute name → { numComponents, data }, plus `indices`)
 * and binds them to `program`'s attribute locations in a vertex array object.
 */
export function createMesh(gl: WebGL2RenderingContext, program: ProgramInfo, arrays: Arrays): GLMesh {
  // The ELEMENT_ARRAY_BUFFER binding is part of the bound VAO: uploading an index buffer while
  // another mesh's VAO is bound would silently replace that mesh's indices (programs compiled
  // lazily between draws did exactly that). Unbind first, and leave nothing bound after.
  gl.bindVertexArray(null);
  const bufferInfo = createBufferInfoFromArrays(gl, arrays);
  const vao = createVertexArrayInfo(gl, program, bufferInfo);
  const buffers: WebGLBuffer[] = [];
  for (const attrib of Object.values(bufferInfo.attribs ?? {})) {
    if (attrib.buffer) buffers.push(attrib.buffer);
  }
  if (bufferInfo.indices) buffers.push(bufferInfo.indices);
  gl.bindVertexArray(null);
  return { vao, buffers };
}

export function deleteMesh(gl: WebGL2RenderingContext, mesh: GLMesh): void {
  if (mesh.vao.vertexArrayObject) gl.deleteVertexArray(mesh.vao.vertexArrayObject);
  for (const b of mesh.buffers) gl.deleteBuffer(b);
}
