/** Limits of personalisation rules and of what buyers fill in. */
export const PERSONALIZE_LIMITS = {
  /** A field's or an option's label. */
  labelMax: 60,
  /** The most characters a text field may allow (and an option's text may hold). */
  textMax: 200,
  /** The default most characters of a new text field. */
  defaultMaxLength: 30,
  fontsMax: 20,
  colorsMax: 24,
  optionsMax: 24,
  /** Personalised elements of one design. */
  fieldsMax: 20,
} as const;
