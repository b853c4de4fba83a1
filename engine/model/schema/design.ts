/** Schemas of the design document: elements placed on flats, view backgrounds, the SKU design. */
import { z } from 'zod';
import { DEFAULT_COLOR, TEXT_ALIGNS, TEXT_DEFAULTS, TILING_PATTERN_TYPES, type TextAlign } from '../constants.ts';
import { splitTextLines } from '../text.ts';
import { ADJUST_RANGE, IMAGE_FILTERS, isNeutralAdjust } from '../adjust.ts';
import type { BGType, CustomTemplate, DesignElement, Id, ImageFilter, OriginX, OriginY, SkuDesign, TextElement } from '../types.ts';
import { discriminatorError, oneOfError, report, reportDuplicates } from './messages.ts';
import { checkRuleFitsElement, personalizeRuleSchema } from './personalize.ts';
import {
  between,
  booleanSchema,
  hexColorSchema,
  idSchema,
  integerSchema,
  listOf,
  nonEmptySchema,
  nonNegativeSchema,
  numberSchema,
  objectOf,
  oneOf,
  optional,
  positiveSchema,
  stringSchema,
  withDefault,
} from './primitives.ts';

export const tilingSchema = objectOf({
  type: oneOf(TILING_PATTERN_TYPES, 'unknown tiling pattern type'),
  spacing: withDefault(nonNegativeSchema, () => 0),
  seed: withDefault(integerSchema, () => 0),
});

/** A photo adjustment: each number from -100 to 100 (missing: 0), the filter one of IMAGE_FILTERS (missing: none). */
export const imageAdjustSchema = objectOf({
  brightness: withDefault(between(ADJUST_RANGE.min, ADJUST_RANGE.max, 'a brightness'), () => 0),
  contrast: withDefault(between(ADJUST_RANGE.min, ADJUST_RANGE.max, 'a contrast'), () => 0),
  saturation: withDefault(between(ADJUST_RANGE.min, ADJUST_RANGE.max, 'a saturation'), () => 0),
  filter: withDefault(oneOf(IMAGE_FILTERS, 'unknown filter'), (): ImageFilter => 'none'),
});

export const textShadowSchema = objectOf({
  color: hexColorSchema,
  blur: withDefault(nonNegativeSchema, () => 0),
  offsetX: withDefault(numberSchema, () => 0),
  offsetY: withDefault(numberSchema, () => 0),
});

/**
 * An element's own flatId is required on its own; inside a flat's designList it may be left out
 * (the enclosing flat's id) and is then '' until `claimElements` fills it in (a given id is never
 * blank).
 */
function elementSchema(flatId: z.ZodType<Id>) {
  const base = {
    flatId,
    localId: idSchema,
    designId: withDefault(idSchema, () => null),
    left: numberSchema,
    top: numberSchema,
    width: nonNegativeSchema,
    height: nonNegativeSchema,
    angle: withDefault(numberSchema, () => 0),
    scaleX: withDefault(numberSchema, () => 1),
    scaleY: withDefault(numberSchema, () => 1),
    flipX: withDefault(booleanSchema, () => false),
    flipY: withDefault(booleanSchema, () => false),
    originX: withDefault(oneOf(['left', 'center', 'right'], 'unknown originX'), (): OriginX => 'left'),
    originY: withDefault(oneOf(['top', 'center', 'bottom'], 'unknown originY'), (): OriginY => 'top'),
    personalize: optional(personalizeRuleSchema),
  };
  const image = objectOf({
    ...base,
    type: z.literal('image'),
    originalWidth: positiveSchema,
    originalHeight: positiveSchema,
    url: nonEmptySchema,
    fileName: withDefault(stringSchema, () => ''),
    tiling: withDefault(tilingSchema, () => null),
    tilingLayer: withDefault(stringSchema, () => null),
    // Absent in documents saved before adjustments existed; a neutral one is dropped so equal
    // pictures stay equal documents.
    adjust: optional(imageAdjustSchema).transform((a) => (isNeutralAdjust(a) ? undefined : a)),
  });
  const text = objectOf({
    ...base,
    type: z.literal('text'),
    text: stringSchema,
    fill: withDefault(hexColorSchema, (): string => TEXT_DEFAULTS.fill),
    fontSize: withDefault(positiveSchema, (): number => TEXT_DEFAULTS.fontSize),
    textAlign: withDefault(oneOf(TEXT_ALIGNS, 'unknown textAlign'), (): TextAlign => TEXT_DEFAULTS.textAlign),
    charSpacing: withDefault(numberSchema, (): number => TEXT_DEFAULTS.charSpacing),
    fontFamily: withDefault(nonEmptySchema, (): string => TEXT_DEFAULTS.fontFamily),
    stroke: withDefault(hexColorSchema, () => TEXT_DEFAULTS.stroke),
    strokeWidth: withDefault(nonNegativeSchema, (): number => TEXT_DEFAULTS.strokeWidth),
    shadow: withDefault(textShadowSchema, () => TEXT_DEFAULTS.shadow),
    textLines: withDefault(listOf(stringSchema), () => null),
  }).transform(({ textLines, ...element }): TextElement => ({ ...element, textLines: textLines ?? splitTextLines(element.text) }));
  return z
    .discriminatedUnion('type', [image, text], { error: discriminatorError(['image', 'text'], 'unknown design type', 'type') })
    .superRefine(checkRuleFitsElement)
    .transform((element): DesignElement => {
      // An element nobody personalises holds no `personalize` member at all, as before the rule existed.
      if (element.personalize !== undefined) return element;
      const { personalize: _none, ...plain } = element;
      return plain;
    });
}

/** A design element on its own (flatId required). */
export const designElementSchema: z.ZodType<DesignElement> = elementSchema(idSchema);

/** A design element inside a flat's designList (flatId may be left out). */
export const elementInFlatSchema: z.ZodType<DesignElement> = elementSchema(withDefault(idSchema, () => ''));

/** Gives elements without a flatId the enclosing flat's, and refuses elements naming another flat. */
export function claimElements(elements: DesignElement[], flatId: Id, ctx: z.core.$RefinementCtx, path: readonly PropertyKey[]): void {
  elements.forEach((element, i) => {
    if (element.flatId === '') element.flatId = flatId;
    else if (element.flatId !== flatId) {
      report(ctx, [...path, i, 'flatId'], `expected ${JSON.stringify(flatId)} (the enclosing flat), got ${JSON.stringify(element.flatId)}`);
    }
  });
}

export const backgroundDesignSchema = objectOf({
  viewId: idSchema,
  imageUrl: withDefault(stringSchema, () => null),
  labelType: withDefault(idSchema, () => null),
  // The API sometimes sends the code as a number.
  BGType: z
    .literal(['1', '2', 1, 2], { error: oneOfError(['1', '2'], 'unknown BGType', (v) => (typeof v === 'number' ? String(v) : v)) })
    .transform((v): BGType => (v === 1 || v === '1' ? '1' : '2')),
  color: withDefault(hexColorSchema, () => DEFAULT_COLOR),
  viewIdList: withDefault(listOf(idSchema), () => []),
  visible: withDefault(booleanSchema, () => true),
}).superRefine((bg, ctx) => {
  if (bg.BGType === '2' && (bg.imageUrl === null || bg.imageUrl.trim() === ''))
    report(ctx, ['imageUrl'], 'required for an image background (BGType "2")');
});

export const flatDesignSchema = objectOf({
  flatId: idSchema,
  designList: withDefault(listOf(elementInFlatSchema), () => []),
  color: withDefault(hexColorSchema, () => DEFAULT_COLOR),
  flatImage: withDefault(stringSchema, () => null),
  previewFlatImage: withDefault(stringSchema, () => null),
}).superRefine((flat, ctx) => claimElements(flat.designList, flat.flatId, ctx, ['designList']));

/** A SKU's design. Flat and view ids are unique, and localIds unique across the whole document (selection and patches address by them). */
export const skuDesignSchema = objectOf({
  id: idSchema,
  flatDesignList: listOf(flatDesignSchema),
  BGDesignList: withDefault(listOf(backgroundDesignSchema), () => []),
  color: withDefault(hexColorSchema, () => DEFAULT_COLOR),
  styleId: withDefault(idSchema, () => null),
}).superRefine((design: SkuDesign, ctx) => {
  reportDuplicates(design.flatDesignList, ctx, ['flatDesignList'], 'flatId', (f) => f.flatId);
  const seen = new Set<string>();
  design.flatDesignList.forEach((flat, i) =>
    flat.designList.forEach((element, j) => {
      if (seen.has(element.localId))
        report(ctx, ['flatDesignList', i, 'designList', j, 'localId'], `duplicate localId ${JSON.stringify(element.localId)}`);
      seen.add(element.localId);
    }),
  );
  reportDuplicates(design.BGDesignList, ctx, ['BGDesignList'], 'viewId', (b) => b.viewId);
});

/** The SKU design schema for designs of `template`: every flat and background view must be the template's. */
export function skuDesignSchemaFor(template: CustomTemplate) {
  const flatIds = new Set(template.flatList.map((f) => f.flatId));
  const viewIds = new Set(template.viewList.map((view) => view.viewId));
  return skuDesignSchema.superRefine((design, ctx) => {
    design.flatDesignList.forEach((flat, i) => {
      if (!flatIds.has(flat.flatId)) report(ctx, ['flatDesignList', i, 'flatId'], `unknown flat ${JSON.stringify(flat.flatId)}`);
    });
    design.BGDesignList.forEach((bg, i) => {
      if (!viewIds.has(bg.viewId)) report(ctx, ['BGDesignList', i, 'viewId'], `unknown view ${JSON.stringify(bg.viewId)}`);
    });
  });
}
