/**
 * The material library as rows and drawings, from a seed: tags, clip-art materials (each with
 * its finished SVG) and background images (SVG plus an optional texture). Pure, no I/O, so the
 * determinism test builds it twice and compares digests without writing a picture.
 *
 * Material i depends only on the seed and i (its own forked Rng, and a motif sequence made of
 * seeded shuffled rounds), so a smaller library is a prefix of a larger one.
 */
import { createHash } from 'node:crypto';
import { createRng, hash32, type Rng } from '../prng';
import { BACKGROUND_RECIPES, backgroundSvg, type BackgroundRecipe, type TextureLayer } from './art/backgrounds';
import { composeClipart, type Finish } from './art/compose';
import { PALETTES, inkOf, type Palette } from './art/kit';
import type { Ctx, Motif } from './art/motif';
import { ALL_MOTIFS } from './art/motifs';
import {
  BACKGROUND_FOLDER,
  CLIPART_FOLDER,
  CLIPART_THUMB,
  backgroundName,
  backgroundThumbName,
  clipartName,
  clipartThumbName,
  materialUrl,
} from '../../server/materials/paths';
import { materialsBuildId } from './build-id';
import { BACKGROUND_TYPES, MATERIAL_TAGS, TAG_BY_KEY, tagId, type BackgroundType, type TagKey } from '../../server/materials/tags';

export interface MaterialOptions {
  /** Any text; hashed to the PRNG seed. */
  seed: string;
  materialCount: number;
  backgroundCount: number;
  /** Longer side of a clip-art PNG in pixels. */
  clipartSize: number;
  /** Side of a square background JPEG in pixels. */
  backgroundSize: number;
}

export const DEFAULT_MATERIAL_OPTIONS: MaterialOptions = {
  seed: 'pod-materials-2025',
  materialCount: 320,
  backgroundCount: 48,
  clipartSize: 800,
  backgroundSize: 1200,
};

export interface TagRow {
  id: number;
  name: string;
  sort: number;
}

export interface MaterialRow {
  id: number;
  name: string;
  tagIds: number[];
  /** Motif key ('cat-face', 'word', ...). */
  kind: string;
  palette: string;
  finish: Finish;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  sort: number;
  /** Lower-case name, tags, palette and keywords: the keyword filter's haystack. */
  searchText: string;
}

export interface BackgroundRow {
  id: number;
  name: string;
  type: number;
  url: string;
  thumbnailUrl: string;
  width: number;
  height: number;
  sort: number;
  searchText: string;
}

export interface ClipartJob {
  id: number;
  file: string;
  thumb: string;
  svg: string;
  /** The same drawing composed at thumbnail size: drawing small is cheaper than resizing the large one. */
  thumbSvg: string;
  width: number;
  height: number;
}
export interface BackgroundJob {
  id: number;
  file: string;
  thumb: string;
  svg: string;
  size: number;
  texture: TextureLayer | null;
}

export interface MaterialLibrary {
  build: string;
  tags: TagRow[];
  materials: MaterialRow[];
  backgrounds: BackgroundRow[];
  clipart: ClipartJob[];
  backgroundArt: BackgroundJob[];
}

const FINISH_WEIGHTS: readonly (readonly [Finish, number])[] = [
  ['flat', 4],
  ['sticker', 4],
  ['shadow', 2],
];

/** The motif of material i: rounds of every motif (repeated by weight), each round shuffled. */
function motifSequence(rng: Rng, count: number): Motif[] {
  const round: Motif[] = ALL_MOTIFS.flatMap((m) => Array.from({ length: Math.max(1, Math.round((m.weight ?? 1) * 2)) }, () => m));
  const out: Motif[] = [];
  for (let r = 0; out.length < count; r += 1) out.push(...rng.fork(`round:${r}`).shuffle(round));
  return out.slice(0, count);
}

/** Names are unique: a repeat takes its palette's name, then a number. */
function uniqueName(used: Set<string>, name: string, palette?: string): string {
  let out = palette && used.has(name) && !name.includes(palette) ? `${name} (${palette})` : name;
  const base = out;
  for (let k = 2; used.has(out); k += 1) out = `${base} ${k}`;
  used.add(out);
  return out;
}

const words = (...parts: string[]) => parts.join(' ').toLowerCase().replace(/\s+/g, ' ').trim();

function buildClipart(opts: MaterialOptions, build: string): { rows: MaterialRow[]; jobs: ClipartJob[] } {
  const root = createRng(hash32(opts.seed));
  const sequence = motifSequence(root.fork('motifs'), opts.materialCount);
  const rows: MaterialRow[] = [];
  const jobs: ClipartJob[] = [];
  const used = new Set<string>();
  sequence.forEach((motif, i) => {
    const id = i + 1;
    const rng = root.fork(`material:${id}`);
    const pal = rng.pick(PALETTES);
    const outlined = !motif.noOutline && rng.chance(0.45);
    const offset = rng.int(0, 4);
    let n = 0;
    const ctx: Ctx = {
      rng,
      pal,
      outlined,
      ink: inkOf(pal, outlined),
      c: (k) => pal.colors[(k + offset) % 5] ?? pal.colors[0],
      id: (s) => `${s}${n++}`,
    };
    const art = motif.draw(ctx);
    const allowed = FINISH_WEIGHTS.filter(([f]) => !motif.finishes || motif.finishes.includes(f));
    const finish = rng.weighted(allowed);
    const composed = composeClipart(art, finish, opts.clipartSize);

    const tagKeys = [...new Set<TagKey>(art.tags ?? motif.tags)].slice(0, 3);
    const name = uniqueName(used, art.name, pal.name);
    const file = clipartName(id);
    const thumb = clipartThumbName(id);
    rows.push({
      id,
      name,
      tagIds: tagKeys.map(tagId),
      kind: motif.key,
      palette: pal.key,
      finish,
      url: materialUrl(build, CLIPART_FOLDER, file),
      thumbnailUrl: materialUrl(build, CLIPART_FOLDER, thumb),
      width: composed.width,
      height: composed.height,
      sort: id,
      searchText: words(
        name,
        ...tagKeys.map((t) => TAG_BY_KEY.get(t)?.name ?? t),
        pal.name,
        motif.key.replace(/-/g, ' '),
        ...(art.keywords ?? []),
      ),
    });
    jobs.push({
      id,
      file,
      thumb,
      svg: composed.svg,
      thumbSvg: composeClipart(art, finish, CLIPART_THUMB).svg,
      width: composed.width,
      height: composed.height,
    });
  });
  return { rows, jobs };
}

interface BackgroundDesign {
  recipe: BackgroundRecipe;
  variant: number;
  palette: Palette;
}

/**
 * The designs of one background type in order: round 0 is every distinct design once, in a
 * seeded order; later rounds repeat only the designs a palette changes, each in its next palette,
 * so a library shows every design before it shows one in a second colour way.
 */
function backgroundSequence(rng: Rng, type: BackgroundType, count: number): BackgroundDesign[] {
  const designs = BACKGROUND_RECIPES[type].flatMap((recipe) =>
    Array.from({ length: recipe.variants }, (_, variant) => ({ recipe, variant })),
  );
  const palettesOf = new Map(
    designs.map((d) => [`${d.recipe.key}:${d.variant}`, rng.fork(`palettes:${d.recipe.key}:${d.variant}`).shuffle(PALETTES)]),
  );
  const out: BackgroundDesign[] = [];
  for (let round = 0; out.length < count; round += 1) {
    const eligible = round === 0 ? designs : designs.filter((d) => d.recipe.usesPalette);
    if (eligible.length === 0 || round >= PALETTES.length) break;
    for (const d of rng.fork(`round:${round}`).shuffle(eligible)) {
      const palette = palettesOf.get(`${d.recipe.key}:${d.variant}`)?.[round] ?? PALETTES[0]!;
      out.push({ ...d, palette });
    }
  }
  return out.slice(0, count);
}

function buildBackgrounds(opts: MaterialOptions, build: string): { rows: BackgroundRow[]; jobs: BackgroundJob[] } {
  const root = createRng(hash32(opts.seed)).fork('backgrounds');
  const types = BACKGROUND_TYPES.map((t) => t.type);
  const perType = Math.ceil(opts.backgroundCount / types.length);
  const sequences = new Map(types.map((t) => [t, backgroundSequence(root.fork(`type:${t}`), t, perType)]));
  const rows: BackgroundRow[] = [];
  const jobs: BackgroundJob[] = [];
  const used = new Set<string>();
  for (let i = 0; i < opts.backgroundCount; i += 1) {
    const id = i + 1;
    // Types take turns so every count, however small, has each type; the id order mixes them.
    const type = types[i % types.length] as BackgroundType;
    const design = sequences.get(type)?.[Math.floor(i / types.length)];
    if (!design) throw new Error(`not enough distinct type ${type} backgrounds for ${opts.backgroundCount}`);
    let n = 0;
    const art = design.recipe.draw(root.fork(`background:${id}`), design.palette, design.variant, (s) => `${s}${n++}`);
    const name = uniqueName(used, art.name);
    const file = backgroundName(id);
    const thumb = backgroundThumbName(id);
    const typeName = BACKGROUND_TYPES.find((t) => t.type === type)?.name ?? '';
    rows.push({
      id,
      name,
      type,
      url: materialUrl(build, BACKGROUND_FOLDER, file),
      thumbnailUrl: materialUrl(build, BACKGROUND_FOLDER, thumb),
      width: opts.backgroundSize,
      height: opts.backgroundSize,
      sort: id,
      searchText: words(name, typeName, design.recipe.key.replace(/-/g, ' '), ...art.keywords),
    });
    jobs.push({ id, file, thumb, svg: backgroundSvg(art, opts.backgroundSize), size: opts.backgroundSize, texture: art.texture ?? null });
  }
  return { rows, jobs };
}

export function buildMaterials(opts: MaterialOptions): MaterialLibrary {
  const build = materialsBuildId(opts);
  const tags: TagRow[] = MATERIAL_TAGS.map((t, i) => ({ id: t.id, name: t.name, sort: i + 1 }));
  const clipart = buildClipart(opts, build);
  const backgrounds = buildBackgrounds(opts, build);
  return { build, tags, materials: clipart.rows, backgrounds: backgrounds.rows, clipart: clipart.jobs, backgroundArt: backgrounds.jobs };
}

/** sha256 over every row and every drawing's source, in order: equal digests mean equal libraries. */
export function materialsDigest(lib: MaterialLibrary): string {
  const hash = createHash('sha256');
  for (const table of [lib.tags, lib.materials, lib.backgrounds, lib.clipart, lib.backgroundArt] as const) {
    for (const row of table) hash.update(JSON.stringify(row)).update('\n');
    hash.update('--\n');
  }
  return hash.digest('hex');
}
