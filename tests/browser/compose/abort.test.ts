/** Render ids and abort: a stale or aborted composition rejects and returns nothing. */
import { describe, expect, it } from 'vitest';
import { composeFlat, StopRenderError } from '../../../engine/render/compose/index.ts';
import { design, image, quadrants, eachBackend } from './helpers.ts';

eachBackend(() => {
  describe('abort', () => {
    it("a newer render id stops the render with 'stop render'", async () => {
      const bmp = await quadrants(20, 20);
      let current = 1;
      const mine = 1;
      const pending = composeFlat({
        flat: { width: 100, height: 100 },
        design: design(image({ url: 'q', originalWidth: 20, originalHeight: 20 })),
        images: async () => {
          current = 2; // a newer render started while this one waited for its image
          return bmp;
        },
        isCurrent: () => current === mine,
      });
      await expect(pending).rejects.toBeInstanceOf(StopRenderError);
      await expect(pending).rejects.toThrow('stop render');
    });

    it('an abort signal rejects with its reason', async () => {
      const bmp = await quadrants(20, 20);
      const controller = new AbortController();
      const pending = composeFlat({
        flat: { width: 100, height: 100 },
        design: design(image({ url: 'q', originalWidth: 20, originalHeight: 20 })),
        images: async () => {
          controller.abort();
          return bmp;
        },
        signal: controller.signal,
      });
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    });
  });
});
