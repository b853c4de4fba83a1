/** Schema of the product as the engine uses it: options, variants, templates and product images. */
import { z } from 'zod';
import { MAX_PRODUCT_OPTIONS } from '../constants.ts';
import { is3DCustomType } from '../product.ts';
import type { CustomTemplate, EngineProduct, Flag, ProductImage, ProductOption, ProductOptionValue } from '../types.ts';
import { describe, parseNested, report, reportDuplicates, unionError } from './messages.ts';
import {
  booleanSchema,
  flagSchema,
  hexColorSchema,
  idSchema,
  integerSchema,
  jsonValueSchema,
  listOf,
  nonEmptySchema,
  objectOf,
  oneOf,
  optional,
  positiveSchema,
  stringSchema,
  withDefault,
} from './primitives.ts';
import { customTemplateSchema } from './template.ts';

const flag = (v: Flag) => (): Flag => v;

/** An option value: a bare name, or a name with its swatch colour. */
export const optionValueSchema = z.union(
  [
    nonEmptySchema.transform((name): ProductOptionValue => ({ name, hex: null })),
    objectOf({ name: nonEmptySchema, hex: withDefault(hexColorSchema, () => null) }),
  ],
  { error: unionError('an object') },
);

export const productOptionSchema = objectOf({
  id: idSchema,
  name: nonEmptySchema,
  /** 1-3; defaults to the option's place in the list (filled by the product). */
  position: optional(oneOf([1, 2, 3], 'unknown option position')),
  isColor: withDefault(booleanSchema, () => false),
  values: listOf(optionValueSchema),
}).superRefine((option, ctx) => {
  if (option.values.length === 0) report(ctx, ['values'], `option ${JSON.stringify(option.name)} has no values`);
  else if (option.isColor && option.values.every((value) => value.hex === null)) {
    report(ctx, ['values'], `colour option ${JSON.stringify(option.name)} has no hex values`);
  }
});

export const productVariantSchema = objectOf({
  id: idSchema,
  option1: withDefault(stringSchema, () => null),
  option2: withDefault(stringSchema, () => null),
  option3: withDefault(stringSchema, () => null),
  imagesId: withDefault(idSchema, () => null),
  /** Integer cents. */
  cost: integerSchema.min(0, { error: (issue) => `expected integer cents of 0 or more, got ${describe(issue.input)}` }),
});

/**
 * A product image's template: the template itself, its JSON text, or a URL to fetch it from (any
 * string that does not start with '{').
 */
export const editZoneSchema = z.union(
  [
    customTemplateSchema,
    stringSchema.transform((text, ctx): CustomTemplate | string => {
      const trimmed = text.trim();
      if (!trimmed.startsWith('{')) {
        return parseNested(nonEmptySchema, text, ctx, []).ok ? text : z.NEVER;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(trimmed);
      } catch {
        report(ctx, [], 'template text is not valid JSON');
        return z.NEVER;
      }
      const template = parseNested(customTemplateSchema, parsed, ctx, []);
      return template.ok ? template.value : z.NEVER;
    }),
  ],
  { error: unionError('an object') },
);

/** '' or a colour. */
const imageColorSchema = z.union([z.literal(''), hexColorSchema], { error: unionError('a string') });
/** '' or a non-blank string. */
const imageSrcSchema = stringSchema.refine((s) => s === '' || s.trim() !== '', { error: 'expected a non-empty string' });

/** A product image row. productid and customType default to the product's (filled by the product). */
export const productImageSchema = objectOf({
  productid: optional(idSchema),
  customType: optional(integerSchema),
  editZone: withDefault(editZoneSchema, () => null),
  sectionType: withDefault(integerSchema, () => null),
  prototypeGroupId: withDefault(idSchema, () => null),
  prototypeGroupName: withDefault(stringSchema, () => ''),
  sectionName: withDefault(stringSchema, () => ''),
  imgname: withDefault(imageColorSchema, () => ''),
  src: withDefault(imageSrcSchema, () => ''),
  iscolor: withDefault(flagSchema, flag(0)),
  isoverlay: withDefault(flagSchema, flag(0)),
  editimgwidth: withDefault(positiveSchema, () => null),
  editimgheight: withDefault(positiveSchema, () => null),
  dpl: withDefault(jsonValueSchema, () => null),
});

export const engineProductSchema = objectOf({
  id: idSchema,
  handle: withDefault(stringSchema, () => ''),
  title: withDefault(stringSchema, () => ''),
  customType: integerSchema,
  options: withDefault(
    listOf(productOptionSchema).max(MAX_PRODUCT_OPTIONS, {
      error: (issue) =>
        `expected at most ${MAX_PRODUCT_OPTIONS} options, got ${Array.isArray(issue.input) ? issue.input.length : describe(issue.input)}`,
    }),
    () => [],
  ),
  variants: withDefault(listOf(productVariantSchema), () => []),
  templates: withDefault(listOf(customTemplateSchema), () => []),
  images: withDefault(listOf(productImageSchema), () => []),
}).transform((p, ctx): EngineProduct => {
  const options = p.options.map((o, i): ProductOption => ({
    id: o.id,
    name: o.name,
    position: o.position ?? ((i + 1) as 1 | 2 | 3),
    isColor: o.isColor,
    values: o.values,
  }));
  reportDuplicates(options, ctx, ['options'], 'position', (option) => String(option.position));

  p.variants.forEach((variant, i) => {
    ([1, 2, 3] as const).forEach((position) => {
      const name = `option${position}` as const;
      const value = variant[name];
      if (value === null) return;
      const option = options.find((candidate) => candidate.position === position);
      if (!option) report(ctx, ['variants', i, name], `the product has no option at position ${position}`);
      else if (!option.values.some((candidate) => candidate.name === value)) {
        report(ctx, ['variants', i, name], `${JSON.stringify(value)} is not a value of option ${JSON.stringify(option.name)}`);
      }
    });
  });
  reportDuplicates(p.variants, ctx, ['variants'], 'id', (variant) => variant.id);

  const is3D = is3DCustomType(p.customType);
  if (is3D && p.templates.length === 0) report(ctx, ['templates'], `a 3D product (customType ${p.customType}) needs at least one template`);

  const images = p.images.map((image, i): ProductImage => {
    // A 2D image is only usable with both its picture and its colour.
    if (!is3D && image.src === '') report(ctx, ['images', i, 'src'], 'a 2D image needs both src and imgname');
    if (!is3D && image.imgname === '') report(ctx, ['images', i, 'imgname'], 'a 2D image needs both src and imgname');
    return { productid: image.productid ?? p.id, customType: image.customType ?? p.customType, ...withoutOwner(image) };
  });

  return {
    id: p.id,
    handle: p.handle,
    title: p.title,
    customType: p.customType,
    options,
    variants: p.variants,
    templates: p.templates,
    images,
  };
});

function withoutOwner<T extends { productid?: unknown; customType?: unknown }>(image: T): Omit<T, 'productid' | 'customType'> {
  const { productid: _id, customType: _type, ...rest } = image;
  return rest;
}
