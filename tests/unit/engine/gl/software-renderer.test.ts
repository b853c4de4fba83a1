/** Telling a CPU-emulated WebGL from a GPU by the renderer's name, and what the render pool makes of it. */
import { describe, expect, it } from 'vitest';
import { isSoftwareRenderer } from '../../../../engine/gl/context.ts';
import { MAX_POOL_SIZE, poolSizeFor } from '../../../../workers/pool.ts';

describe('isSoftwareRenderer', () => {
  it('knows the CPU renderers browsers fall back to', () => {
    for (const name of [
      'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
      'Google SwiftShader',
      'llvmpipe (LLVM 15.0.6, 256 bits)',
      'Mesa softpipe',
      'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)',
    ]) {
      expect(isSoftwareRenderer(name), name).toBe(true);
    }
  });

  it('takes real GPUs for GPUs', () => {
    for (const name of [
      'ANGLE (NVIDIA, NVIDIA H100 80GB HBM3 (0x00002330) Direct3D11 vs_5_0 ps_5_0, D3D11)',
      'ANGLE (Apple, ANGLE Metal Renderer: Apple M2, Unspecified Version)',
      'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)',
      'Adreno (TM) 740',
    ]) {
      expect(isSoftwareRenderer(name), name).toBe(false);
    }
  });
});

describe('poolSizeFor', () => {
  it('runs one worker per core, up to the cap, whatever renders the WebGL', () => {
    expect(poolSizeFor(2)).toBe(2);
    expect(poolSizeFor(6)).toBe(6);
    expect(poolSizeFor(64)).toBe(MAX_POOL_SIZE);
  });

  it('runs one worker where the core count is unknown or nonsense', () => {
    expect(poolSizeFor(0)).toBe(1);
    expect(poolSizeFor(Number.NaN)).toBe(1);
    expect(poolSizeFor(1.5)).toBe(1);
  });
});
