import { describe, expect, it } from 'vitest';
import { sniffImageBytes, checkImageFile } from '../../../src/designer/uploads/check';
import { UploadCancelled, uploadWithRetry, type UploadStatus } from '../../../src/designer/uploads/retry';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]);

describe('image checks by content', () => {
  it('knows jpeg and png by their first bytes, whatever the name', () => {
    expect(sniffImageBytes(PNG)).toBe('image/png');
    expect(sniffImageBytes(JPEG)).toBe('image/jpeg');
    expect(sniffImageBytes(new TextEncoder().encode('GIF89a'))).toBeNull();
  });
  it('refuses with the spec messages', async () => {
    expect(await checkImageFile(null)).toBe('Please select an image');
    expect(await checkImageFile(new Blob([]))).toBe('Please select an image');
    expect(await checkImageFile(new Blob(['hello'], { type: 'image/png' }))).toBe('This file is not a picture(jpeg,png)');
    expect(await checkImageFile(new Blob([PNG]))).toBeNull();
    const big = new Blob([PNG, new Uint8Array(10_485_760)]);
    expect(await checkImageFile(big, 10)).toBe('image max 10M');
    expect(await checkImageFile(big, 20)).toBeNull();
  });
});

describe('upload retries', () => {
  const run = async (outcomes: boolean[], answers: boolean[]) => {
    const sleeps: number[] = [];
    const statuses: UploadStatus[] = [];
    const asked: string[] = [];
    let n = 0;
    const result = uploadWithRetry(
      async () => (outcomes[n++] ? { ok: true, value: `url-${n}` } : { ok: false, msg: n === 1 ? '' : 'Disk full' }),
      {
        sleep: async (ms) => {
          sleeps.push(ms);
        },
        onStatus: (s) => statuses.push(s),
        confirm: async (msg) => {
          asked.push(msg);
          return answers.shift() ?? false;
        },
      },
    );
    return { result, sleeps, statuses, asked, attempts: () => n };
  };

  it('retries a failed file 3 times, 2 seconds apart', async () => {
    const r = await run([false, false, true], []);
    await expect(r.result).resolves.toBe('url-3');
    expect(r.sleeps).toEqual([2000, 2000]);
    expect(r.statuses).toEqual([0, -1, 0, -1, 0, 1]);
    expect(r.asked).toEqual([]);
  });
  it("then asks; Re-upload starts again, Cancel rejects with 'Cancel upload'", async () => {
    const r = await run([false, false, false, false, false, true], [true]);
    await expect(r.result).resolves.toBe('url-6');
    expect(r.asked).toEqual(['Disk full']);
    const c = await run([false, false, false, false], [false]);
    await expect(c.result).rejects.toThrow(UploadCancelled);
    await expect(c.result).rejects.toThrow('Cancel upload');
    expect(c.attempts()).toBe(4);
    expect(c.sleeps).toEqual([2000, 2000, 2000]);
  });
});
