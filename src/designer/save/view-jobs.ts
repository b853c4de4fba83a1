/**
 * The render jobs of a product's view images: every view in every chosen colour (a product with
 * no colour option: its one colour), each rendered to JPEG by a pool worker, uploaded, and
 * described as the view image the server records. The list keeps colour-then-view order. The
 * designer's save and the bulk design both make their mockups with these jobs.
 *
 * A job ends when its mockup is rendered: the upload runs on (`PendingViewImage`) while the
 * worker renders the next one. A worker waiting for its last upload measured 0.2-0.9 s of every
 * 0.8-4 s job in the bulk flow.
 */
import type { ViewImageInput } from '../../../contract/products';
import { isStopRender, type CustomTemplate, type SkuDesign } from '@pod-studio/engine';
import { designerApi, type ColourTemplateRow } from '../../api/designer';
import type { ProductDetail, WireVariant } from '../../api/catalog';
import type { RenderWorkerHandle } from '../../../workers/client';
import { keyedJob, type JobRun } from '../../../workers/pool';
import { templateFor } from '../model/designer';
import type { ChosenColour } from '../model/options';
import { VIEW_IMAGE_QUALITY, VIEW_IMAGE_SIZE, coloursOnTemplate } from './view-images';

export interface ViewJobsInput {
  product: ProductDetail;
  rows: readonly ColourTemplateRow[];
  /** The template used for a colour that has none of its own. */
  template: CustomTemplate;
  design: SkuDesign;
  variants: readonly WireVariant[];
  colours: readonly ChosenColour[];
}

/** A rendered view image on its way up: `image` settles when the upload has (it may reject). */
export interface PendingViewImage {
  readonly image: Promise<ViewImageInput>;
}

const viewNames = (t: CustomTemplate): Record<string, string> => {
  const views = (t.templateData as { views?: { viewId: string; name: string }[] } | null)?.views ?? [];
  return Object.fromEntries(views.map((v) => [v.viewId, v.name]));
};

export function viewImageJobs(input: ViewJobsInput): JobRun<PendingViewImage>[] {
  const { product } = input;
  const shades = input.colours.length > 0 ? input.colours : [{ value: '', name: '', hex: input.design.color }];
  const colourIdx = product.options.findIndex((o) => o.isColor);
  const templates = shades.map((shade) => templateFor(input.rows, shade.hex) ?? input.template);
  const sharing = coloursOnTemplate(templates.map((t) => t.customTemplateId ?? t));
  return shades.flatMap((shade, s) => {
    const template = templates[s]!;
    const runColors = sharing[s];
    const names = viewNames(template);
    const variantIds = input.variants
      .filter((v) => colourIdx < 0 || [v.option1, v.option2, v.option3][colourIdx] === shade.value)
      .map((v) => v.id);
    // Keyed by template and view: the pool sends a view's colours to the worker that drew it.
    return template.viewList.map((view) =>
      keyedJob(`${template.customTemplateId}/${view.viewId}`, async (render: RenderWorkerHandle['api']): Promise<PendingViewImage> => {
        let jpeg: Blob;
        try {
          jpeg = await render.renderMockupJpeg(
            {
              template,
              design: { ...input.design, color: shade.hex },
              viewId: view.viewId,
              color: shade.hex,
              size: VIEW_IMAGE_SIZE,
              // The other colours on this template follow: the first render prepares what they share.
              runColors,
            },
            VIEW_IMAGE_QUALITY,
          );
        } catch (err) {
          throw new Error(isStopRender(err) ? 'Please try again' : err instanceof Error ? err.message : 'Data error');
        }
        const upload = async (): Promise<ViewImageInput> => {
          const up = await designerApi.uploadImage(jpeg, `${view.viewId}-${shade.hex.slice(1)}.jpg`);
          if (up.code !== 200 || !up.data) throw new Error(up.msg || 'Upload failed');
          return {
            // The original, not the upload's 1200 px editing copy: view images keep their full size.
            url: up.data.originalUrl || up.data.url,
            thumbnailUrl: up.data.thumbnailUrl,
            viewId: view.viewId,
            viewName: names[view.viewId] ?? view.viewId,
            colorValue: shade.hex,
            colorName: shade.name,
            SKUId: String(variantIds[0] ?? ''),
            optionsval: shade.value,
            optionsid: product.options[colourIdx]?.id ?? '',
            variantIds,
          };
        };
        const image = upload();
        // Handled here so a failed upload is not reported as unhandled before its caller awaits it.
        image.catch(() => {});
        return { image };
      }),
    );
  });
}
