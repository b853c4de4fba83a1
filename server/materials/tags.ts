/**
 * The material library's fixed vocabularies: clip-art tags (getMaterialPictureTagList) and
 * background types (getPlatformBackgroundImagesList?type=). Ids are fixed so a client may keep
 * them in a URL; the generator never renumbers them.
 */
export const MATERIAL_TAGS = [
  { id: 1, key: 'animals', name: 'Animals' },
  { id: 2, key: 'nature', name: 'Nature' },
  { id: 3, key: 'food', name: 'Food' },
  { id: 4, key: 'love', name: 'Love' },
  { id: 5, key: 'holidays', name: 'Holidays' },
  { id: 6, key: 'sports', name: 'Sports' },
  { id: 7, key: 'shapes', name: 'Shapes' },
  { id: 8, key: 'badges', name: 'Badges' },
  { id: 9, key: 'frames', name: 'Frames' },
  { id: 10, key: 'patterns', name: 'Patterns' },
  { id: 11, key: 'kids', name: 'Kids' },
  { id: 12, key: 'vintage', name: 'Vintage' },
  { id: 13, key: 'emoji', name: 'Emoji' },
  { id: 14, key: 'lettering', name: 'Lettering' },
  { id: 15, key: 'arrows', name: 'Arrows' },
  { id: 16, key: 'space', name: 'Space' },
  { id: 17, key: 'weather', name: 'Weather' },
] as const;

export type TagKey = (typeof MATERIAL_TAGS)[number]['key'];

export const TAG_BY_KEY: ReadonlyMap<TagKey, (typeof MATERIAL_TAGS)[number]> = new Map(MATERIAL_TAGS.map((t) => [t.key, t]));

export function tagId(key: TagKey): number {
  const tag = TAG_BY_KEY.get(key);
  if (!tag) throw new Error(`unknown material tag ${key}`);
  return tag.id;
}

/**
 * Background types. The API names the `type` parameter but not its values; this library uses
 * 1 = colours and gradients, 2 = repeating patterns, 3 = textures and scenes.
 */
export const BACKGROUND_TYPES = [
  { type: 1, key: 'gradient', name: 'Colours & Gradients' },
  { type: 2, key: 'pattern', name: 'Patterns' },
  { type: 3, key: 'scene', name: 'Textures & Scenes' },
] as const;

export type BackgroundType = (typeof BACKGROUND_TYPES)[number]['type'];
