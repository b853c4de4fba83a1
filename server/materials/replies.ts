/**
 * Reply schemas of the material calls, each checked against its wire type in
 * contract/materials.ts so the two cannot drift apart.
 */
import { z } from 'zod';
import type { BackgroundImage, CollectResult, CollectedMaterialImage, MaterialImage, MaterialTagItem } from '../../contract/materials';

export const materialTagItem = z.looseObject({
  id: z.int(),
  name: z.string(),
  count: z.int().meta({ description: 'How many platform materials carry the tag' }),
}) satisfies z.ZodType<MaterialTagItem>;

const materialFields = {
  id: z.int(),
  name: z.string(),
  tags: z.array(z.string()).meta({ description: 'Tag names, 1 to 3' }),
  tagIds: z.array(z.int()),
  url: z.string().meta({ description: 'Transparent PNG; ?size=1..5 and ?w= give a resized copy' }),
  thumbnailUrl: z.string().meta({ description: '200 x 200 transparent PNG' }),
  width: z.int(),
  height: z.int(),
  collected: z.boolean().meta({ description: 'Whether the signed-in merchant has collected it (false for a visitor)' }),
};

export const materialImage = z.looseObject(materialFields) satisfies z.ZodType<MaterialImage>;

export const collectedMaterialImage = z.looseObject({
  ...materialFields,
  platformMaterialId: z.int(),
  collectTime: z.string().meta({ description: 'ISO 8601; the list is newest first' }),
}) satisfies z.ZodType<CollectedMaterialImage>;

export const backgroundImage = z.looseObject({
  id: z.int(),
  name: z.string(),
  type: z.int(),
  typeName: z.string(),
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.int(),
  height: z.int(),
}) satisfies z.ZodType<BackgroundImage>;

export const collectResult = z.looseObject({
  platformMaterialId: z.int(),
  collected: z.boolean(),
  changed: z.boolean().meta({ description: 'False when the call changed nothing: the calls are idempotent' }),
}) satisfies z.ZodType<CollectResult>;
