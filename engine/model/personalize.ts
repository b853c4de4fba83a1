/**
 * Personalisation: the fields a design offers buyers (its elements marked `personalize`), the
 * check of what a buyer filled in against each field's limits, and the substitution of the
 * values into the design before it is rendered (mockup or print file). Pure functions: the
 * widget, the server's order import and the print path all run the same rules.
 */
import type { PersonalImage, PersonalizeOption, PersonalizeRule, PersonalValue, PersonalValues } from './personalize-types.ts';
import { PERSONALIZE_LIMITS } from './personalize-limits.ts';
import { parseHexColor } from './color.ts';
import { splitTextLines } from './text.ts';
import type { DesignElement, ImageElement, SkuDesign, TextElement } from './types.ts';
import { dataError, type ValidationResult } from './validate.ts';

/** One personalised element of a design, as a buyer's form shows it. */
export interface PersonalField {
  localId: string;
  flatId: string;
  /** 'text' elements take typed text or a text/colour option, 'image' elements a picture. */
  elementType: 'text' | 'image';
  rule: PersonalizeRule;
  /** What the element holds as designed (the text, or the picture's URL): the placeholder. */
  designed: string;
  /** The element's own typeface and colour (text elements), offered first. */
  font: string | null;
  color: string | null;
}

/** The design's personalised elements, in flat order then stacking order. */
export function personalFields(design: SkuDesign): PersonalField[] {
  const out: PersonalField[] = [];
  for (const flat of design.flatDesignList)
    for (const el of flat.designList) {
      if (!el.personalize) continue;
      out.push({
        localId: el.localId,
        flatId: flat.flatId,
        elementType: el.type,
        rule: el.personalize,
        designed: el.type === 'text' ? el.text : el.url,
        font: el.type === 'text' ? el.fontFamily : null,
        color: el.type === 'text' ? el.fill : null,
      });
    }
  return out;
}

/** Whether a picture URL is one the buyer may use (checked by the caller: the server accepts only its own buyer uploads). */
export type ImageUrlCheck = (url: string) => boolean;

const quoted = (label: string) => `"${label}"`;

/** Counted as the buyer sees characters (an emoji is one), not UTF-16 units. */
const charCount = (s: string) => [...s].length;

function checkOne(field: PersonalField, raw: unknown, imageOk: ImageUrlCheck): ValidationResult<PersonalValue | null> {
  const { rule } = field;
  const name = quoted(rule.label);
  if (raw === undefined || raw === null) return rule.required ? dataError(`${name} is required`) : { ok: true, value: null };
  if (typeof raw !== 'object' || Array.isArray(raw)) return dataError(`${name}: expected an object`);
  const v = raw as Record<string, unknown>;
  const out: PersonalValue = {};
  if (rule.kind === 'choice') {
    const i = v.option;
    if (i === undefined || i === null) return rule.required ? dataError(`${name} is required`) : { ok: true, value: null };
    if (typeof i !== 'number' || !Number.isInteger(i) || i < 0 || i >= rule.options.length)
      return dataError(`${name}: pick one of the ${rule.options.length} options`);
    out.option = i;
    return { ok: true, value: out };
  }
  if (field.elementType === 'image') {
    const img = v.image as Partial<PersonalImage> | undefined | null;
    if (img === undefined || img === null) return rule.required ? dataError(`${name} is required`) : { ok: true, value: null };
    const { url, width, height } = img;
    if (typeof url !== 'string' || !imageOk(url)) return dataError(`${name}: the picture must be uploaded through the personaliser`);
    if (!(
      typeof width === 'number' &&
      width > 0 &&
      Number.isFinite(width) &&
      typeof height === 'number' &&
      height > 0 &&
      Number.isFinite(height)
    ))
      return dataError(`${name}: the picture's size is missing`);
    out.image = { url, width, height };
    return { ok: true, value: out };
  }
  const text = v.text;
  if (text !== undefined && typeof text !== 'string') return dataError(`${name}: expected text`);
  const trimmed = (text ?? '').trim();
  if (trimmed === '') {
    if (rule.required) return dataError(`${name} is required`);
  } else {
    if (charCount(text!) > rule.maxLength) return dataError(`${name} is longer than ${rule.maxLength} characters`);
    // Control characters never belong in a print (a line break does, when typed).
    if (/[\u0000-\u0009\u000B-\u001F\u007F]/.test(text!)) return dataError(`${name}: the text holds characters that cannot be printed`);
    out.text = text!;
  }
  if (v.font !== undefined && v.font !== null) {
    if (typeof v.font !== 'string' || !(v.font === field.font || rule.fonts.includes(v.font)))
      return dataError(`${name}: that typeface is not offered`);
    out.font = v.font;
  }
  if (v.color !== undefined && v.color !== null) {
    const hex = typeof v.color === 'string' ? parseHexColor(v.color) : null;
    if (!hex || !(hex === field.color || rule.colors.includes(hex))) return dataError(`${name}: that colour is not offered`);
    out.color = hex;
  }
  return { ok: true, value: Object.keys(out).length ? out : null };
}

/**
 * A buyer's values checked against the design's fields: every required field filled, texts
 * within their length, typefaces, colours and options among those offered, pictures accepted by
 * `imageOk`. Unknown keys are refused (a field the merchant removed). Empty optional fields are
 * left out of the result.
 */
export function checkPersonalValues(design: SkuDesign, input: unknown, imageOk: ImageUrlCheck): ValidationResult<PersonalValues> {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return dataError('expected the personalisation as an object');
  const fields = personalFields(design);
  const given = input as Record<string, unknown>;
  for (const key of Object.keys(given))
    if (!fields.some((f) => f.localId === key)) return dataError('the personalisation names a field this product does not have');
  const values: PersonalValues = {};
  for (const field of fields) {
    const r = checkOne(field, given[field.localId], imageOk);
    if (!r.ok) return r;
    if (r.value) values[field.localId] = r.value;
  }
  return { ok: true, value: values };
}

/**
 * The picture placed where the element was: about the same centre, as large as fits the element's
 * on-flat box whole (contain). Elements have no crop, so a picture of another shape than the
 * merchant's never spills past the box the merchant gave it (over other artwork, off the print).
 */
function withPicture(el: ImageElement, image: PersonalImage): ImageElement {
  const boxW = el.width * Math.abs(el.scaleX);
  const boxH = el.height * Math.abs(el.scaleY);
  const s = Math.min(boxW / image.width, boxH / image.height);
  // The origin point stays put; only when it is a corner does the centre move with a new aspect,
  // so pictures are anchored by the box's centre whatever the origin.
  const fx = el.originX === 'left' ? 0 : el.originX === 'center' ? 0.5 : 1;
  const fy = el.originY === 'top' ? 0 : el.originY === 'center' ? 0.5 : 1;
  const newW = image.width * s;
  const newH = image.height * s;
  return {
    ...el,
    url: image.url,
    fileName: '',
    originalWidth: image.width,
    originalHeight: image.height,
    width: image.width,
    height: image.height,
    scaleX: Math.sign(el.scaleX || 1) * s,
    scaleY: Math.sign(el.scaleY || 1) * s,
    // Unrotated offsets keep the box's centre where it was (rotation is about the origin point).
    left: el.left + (fx - 0.5) * (newW - boxW),
    top: el.top + (fy - 0.5) * (newH - boxH),
    tiling: null,
    tilingLayer: null,
  };
}

function withText(el: TextElement, text: string): TextElement {
  return { ...el, text, textLines: splitTextLines(text) };
}

function applyOption(el: DesignElement, option: PersonalizeOption): DesignElement {
  if (el.type === 'image') return option.image ? withPicture(el, option.image) : el;
  let out: TextElement = el;
  if (option.text !== undefined) out = withText(out, option.text);
  if (option.color !== undefined) out = { ...out, fill: option.color };
  return out;
}

function applyValue(el: DesignElement, value: PersonalValue): DesignElement {
  const rule = el.personalize;
  if (!rule) return el;
  if (rule.kind === 'choice') {
    const option = value.option !== undefined ? rule.options[value.option] : undefined;
    return option ? applyOption(el, option) : el;
  }
  if (el.type === 'image') return value.image ? withPicture(el, value.image) : el;
  let out: TextElement = el;
  if (value.text !== undefined) out = withText(out, value.text);
  if (value.font !== undefined) out = { ...out, fontFamily: value.font };
  if (value.color !== undefined) out = { ...out, fill: value.color };
  return out;
}

/**
 * The design with the buyer's values put in (checked values: checkPersonalValues). Fields without
 * a value keep what the merchant designed. The input is not changed.
 */
export function personalizeDesign(design: SkuDesign, values: PersonalValues): SkuDesign {
  return {
    ...design,
    flatDesignList: design.flatDesignList.map((flat) => ({
      ...flat,
      // The composed flat images were of the merchant's design: they no longer show this one.
      flatImage: null,
      previewFlatImage: null,
      designList: flat.designList.map((el) => {
        const value = values[el.localId];
        return value ? applyValue(el, value) : el;
      }),
    })),
  };
}

/**
 * The values as label/value lines a person reads (cart and order lines, the merchant's order):
 * the text typed, the option's label, "uploaded picture"; typeface and colour in brackets.
 */
export function personalSummary(design: SkuDesign, values: PersonalValues): { label: string; value: string }[] {
  const out: { label: string; value: string }[] = [];
  for (const field of personalFields(design)) {
    const v = values[field.localId];
    if (!v) continue;
    const { rule } = field;
    let text: string;
    if (rule.kind === 'choice') text = v.option !== undefined ? (rule.options[v.option]?.label ?? '') : '';
    else if (field.elementType === 'image') text = v.image ? 'uploaded picture' : '';
    else {
      const extras = [v.font, v.color].filter((x): x is string => !!x);
      text = `${v.text ?? field.designed}${extras.length ? ` (${extras.join(', ')})` : ''}`;
    }
    if (text) out.push({ label: rule.label, value: text });
  }
  return out;
}

export { PERSONALIZE_LIMITS };
