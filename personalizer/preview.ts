/**
 * The live mockup: the design with the buyer's values put in, rendered by the engine's render
 * worker on the template's first view, at most once per animation of typing (a newer render stops
 * an older one still running).
 */
import { personalizeDesign, type CustomTemplate, type PersonalValues, type SkuDesign } from '@pod-studio/engine/model';
import { createEngineWorker } from '@pod-studio/engine/worker';

const WAIT_MS = 150;
/**
 * A render stopped by a newer one rejects with this message (the engine's STOP_RENDER_MESSAGE);
 * matched by text so the page does not load the whole engine's root entry for one constant.
 */
const isStopRender = (err: unknown) => err instanceof Error && err.message.includes('stop render');
const SIZE = 720;

export interface Preview {
  update(values: PersonalValues): void;
}

export function startPreview(
  canvas: HTMLCanvasElement,
  template: CustomTemplate,
  design: SkuDesign,
  onError: (message: string) => void,
): Preview {
  const worker = createEngineWorker({ name: 'pod-personalizer' });
  const view = template.viewList[0];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let renderId = 0;
  const draw = async (values: PersonalValues) => {
    if (!view) return;
    const id = ++renderId;
    canvas.setAttribute('aria-busy', 'true');
    try {
      const bitmap = await worker.api.renderMockup({
        template,
        design: personalizeDesign(design, values),
        viewId: view.viewId,
        size: SIZE,
        renderId: id,
      });
      if (id !== renderId) return;
      canvas.width = bitmap.width;
      canvas.height = bitmap.height;
      canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
      bitmap.close();
      canvas.dataset.rendered = String(id);
    } catch (err) {
      if (!isStopRender(err)) onError('The preview could not be drawn. Your personalisation is kept.');
    } finally {
      if (id === renderId) canvas.removeAttribute('aria-busy');
    }
  };
  return {
    update(values) {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void draw(values), WAIT_MS);
    },
  };
}
