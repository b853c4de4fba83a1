/**
 * Blank colours the supplier stocks. Hex values are what the engine multiplies over the white
 * photo, so they are the fabric's apparent colour under studio light, not a brand swatch.
 */
export interface PaletteColor {
  key: string;
  name: string;
  /** '#RRGGBB' */
  hex: string;
}

const list: PaletteColor[] = [
  { key: 'white', name: 'White', hex: '#FFFFFF' },
  { key: 'black', name: 'Black', hex: '#1F1F21' },
  { key: 'navy', name: 'Navy Blue', hex: '#1F2A44' },
  { key: 'royal', name: 'Royal Blue', hex: '#2B4FA8' },
  { key: 'sky', name: 'Sky Blue', hex: '#8EC5E8' },
  { key: 'red', name: 'Red', hex: '#C8102E' },
  { key: 'maroon', name: 'Maroon', hex: '#6A1F2B' },
  { key: 'pink', name: 'Light Pink', hex: '#F4C2CF' },
  { key: 'hot-pink', name: 'Hot Pink', hex: '#E0457B' },
  { key: 'orange', name: 'Orange', hex: '#F26B1D' },
  { key: 'gold', name: 'Gold', hex: '#F2B33D' },
  { key: 'yellow', name: 'Daisy Yellow', hex: '#F7DC6F' },
  { key: 'green', name: 'Kelly Green', hex: '#1E8C45' },
  { key: 'forest', name: 'Forest Green', hex: '#2E4A36' },
  { key: 'mint', name: 'Mint', hex: '#B5E3CF' },
  { key: 'olive', name: 'Military Green', hex: '#5B6236' },
  { key: 'purple', name: 'Purple', hex: '#5E3A87' },
  { key: 'lavender', name: 'Lavender', hex: '#C9B8E6' },
  { key: 'heather-grey', name: 'Sport Grey', hex: '#B9B9BB' },
  { key: 'charcoal', name: 'Charcoal', hex: '#45464A' },
  { key: 'sand', name: 'Sand', hex: '#E3D3B4' },
  { key: 'natural', name: 'Natural', hex: '#EFE6D2' },
  { key: 'brown', name: 'Brown', hex: '#5C4033' },
  { key: 'oak', name: 'Natural Oak', hex: '#C89F6D' },
  { key: 'walnut', name: 'Walnut', hex: '#5A3E2B' },
  { key: 'teal', name: 'Teal', hex: '#1D7C84' },
  // Skin tones a temporary tattoo is shown on (archetypes/tattoo.ts): the skin's colour under
  // studio light, multiplied over the lit grey arm as any colour is.
  { key: 'skin-fair', name: 'Fair Skin', hex: '#F3D5C3' },
  { key: 'skin-light', name: 'Light Skin', hex: '#E6BA9B' },
  { key: 'skin-medium', name: 'Medium Skin', hex: '#C98F68' },
  { key: 'skin-tan', name: 'Tan Skin', hex: '#A36C47' },
  { key: 'skin-deep', name: 'Deep Skin', hex: '#70452F' },
  { key: 'skin-rich', name: 'Rich Skin', hex: '#4E3022' },
];

export const PALETTE: ReadonlyMap<string, PaletteColor> = new Map(list.map((c) => [c.key, c]));

export function paletteColor(key: string): PaletteColor {
  const c = PALETTE.get(key);
  if (!c) throw new Error(`unknown palette colour ${key}`);
  return c;
}

export const GARMENT_COLORS = [
  'white',
  'black',
  'navy',
  'royal',
  'red',
  'maroon',
  'pink',
  'orange',
  'gold',
  'green',
  'forest',
  'purple',
  'heather-grey',
  'charcoal',
  'sand',
  'sky',
  'mint',
  'olive',
] as const;
export const SOFT_COLORS = [
  'white',
  'black',
  'navy',
  'pink',
  'lavender',
  'mint',
  'sky',
  'heather-grey',
  'sand',
  'yellow',
  'hot-pink',
  'teal',
] as const;
export const HARD_GOODS_COLORS = ['white', 'black', 'red', 'navy', 'pink', 'sky', 'green', 'yellow', 'purple', 'orange'] as const;
