/**
 * A generated product shows one model (cut) of its archetype (demo/catalog/archetypes/models.ts):
 * its customInfo names the model, and its archetype's template carries every other model's views
 * (pictures in the model's folder, print areas from that model's drawing) in
 * templateData.models. The product's template is the archetype's with its own model's views
 * swapped in and the other models left out, so the designer, the mockups and the saved views all
 * draw the print on the photo the product shows.
 */
import type { CustomTemplate, JsonValue, TemplateView } from '@pod-studio/engine/model';

interface StoredModel {
  model: number;
  viewList: TemplateView[];
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function storedModels(templateData: JsonValue): StoredModel[] | null {
  if (!isRecord(templateData) || !Array.isArray(templateData.models)) return null;
  return templateData.models.filter(
    (m): m is StoredModel & JsonValue => isRecord(m) && typeof m.model === 'number' && Array.isArray(m.viewList),
  ) as unknown as StoredModel[];
}

/** The model a product's customInfo names; 0 (the archetype's own drawing) when it names none. */
export function productModel(customInfo: unknown): number {
  const model = isRecord(customInfo) ? customInfo.model : undefined;
  return typeof model === 'number' && Number.isInteger(model) && model > 0 ? model : 0;
}

/** The template as the product shows it: its model's views, without the other models. */
export function productTemplate(template: CustomTemplate, customInfo: unknown): CustomTemplate {
  const models = storedModels(template.templateData);
  if (!models) return template;
  const model = productModel(customInfo);
  const { models: _others, ...templateData } = template.templateData as Record<string, JsonValue>;
  const own = model === 0 ? undefined : models.find((m) => m.model === model);
  return { ...template, viewList: own ? own.viewList : template.viewList, templateData };
}
