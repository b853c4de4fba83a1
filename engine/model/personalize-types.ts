/**
 * What a merchant marks on a design element for buyers to personalise (the rule, stored on the
 * element as `personalize`), and what a buyer fills in (the values, keyed by the element's
 * localId). Plain JSON, like the rest of the document. This file imports nothing so the document
 * types can name these without an import cycle.
 */

/** A picture: where it is and its pixel size (the element is re-fitted to it). */
export interface PersonalImage {
  url: string;
  width: number;
  height: number;
}

/** One option of a choice: a text, a colour, or a clip-art picture the merchant provides. */
export interface PersonalizeOption {
  /** What the buyer sees for the option. */
  label: string;
  /** Text elements: the text this option puts in. */
  text?: string;
  /** Text elements: the colour this option paints the text ('#RRGGBB'). */
  color?: string;
  /** Image elements: the picture this option puts in. */
  image?: PersonalImage;
}

/**
 * 'input': the buyer types the text (text elements) or uploads a picture (image elements).
 * 'choice': the buyer picks one of `options`.
 */
export type PersonalizeKind = 'input' | 'choice';

export interface PersonalizeRule {
  /** The field's name as the buyer sees it ("Name on the mug"). */
  label: string;
  /** The buyer must fill it in before adding to the cart; otherwise the merchant's design stays. */
  required: boolean;
  kind: PersonalizeKind;
  /** Text input: the most characters the buyer may type. */
  maxLength: number;
  /** Text input: typefaces the buyer may pick from; empty: the element's own only. */
  fonts: string[];
  /** Text input: colours the buyer may pick from ('#RRGGBB'); empty: the element's own only. */
  colors: string[];
  /** Choice: what the buyer picks from (at least two). */
  options: PersonalizeOption[];
}

/** What a buyer filled in for one element. */
export interface PersonalValue {
  text?: string;
  font?: string;
  color?: string;
  image?: PersonalImage;
  /** Choice: the index of the option picked. */
  option?: number;
}

/** A buyer's values, keyed by the personalised element's localId. */
export type PersonalValues = Record<string, PersonalValue>;
