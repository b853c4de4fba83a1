/**
 * "Ensure materials", run on every start after the catalogue's: the first start generates the
 * rows and pictures of the material library, later starts find the marker (the database row
 * and the build folder's build.json) and reuse them. Rows and pictures are checked separately,
 * so a shared PostgreSQL with a fresh, empty disk only redraws the pictures.
 */
import type { Db } from '../../server/platform/db/client';
import { buildMaterials, DEFAULT_MATERIAL_OPTIONS, materialsDigest, type MaterialLibrary, type MaterialOptions } from './build';
import { generateMaterialImages, materialImagesReady } from './images';
import { MATERIALS_VERSION, materialsBuildId } from './build-id';
import { materialsMarkerMatches, readMaterialsMarker, writeMaterials } from './write-rows';

export interface EnsureMaterialsResult {
  build: string;
  rowsGenerated: boolean;
  imagesGenerated: boolean;
  materials: number;
  backgrounds: number;
  ms: { rows: number; images: number; total: number };
}

const intIn = (name: string, v: string | undefined, min: number, max: number): number | undefined => {
  if (v === undefined || v.trim() === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name}: expected an integer from ${min} to ${max}, got ${v}`);
  return n;
};

/**
 * MATERIALS_SEED, MATERIALS_COUNT (1-5000), MATERIALS_BACKGROUNDS (0-1000), MATERIALS_CLIPART_SIZE
 * (64-2400) and MATERIALS_BACKGROUND_SIZE (64-4000) override the defaults.
 */
export function materialOptionsFromEnv(env: NodeJS.ProcessEnv): MaterialOptions {
  const d = DEFAULT_MATERIAL_OPTIONS;
  return {
    seed: env.MATERIALS_SEED?.trim() || d.seed,
    materialCount: intIn('MATERIALS_COUNT', env.MATERIALS_COUNT, 1, 5000) ?? d.materialCount,
    backgroundCount: intIn('MATERIALS_BACKGROUNDS', env.MATERIALS_BACKGROUNDS, 0, 1000) ?? d.backgroundCount,
    clipartSize: intIn('MATERIALS_CLIPART_SIZE', env.MATERIALS_CLIPART_SIZE, 64, 2400) ?? d.clipartSize,
    backgroundSize: intIn('MATERIALS_BACKGROUND_SIZE', env.MATERIALS_BACKGROUND_SIZE, 64, 4000) ?? d.backgroundSize,
  };
}

export async function ensureMaterials(
  ctx: { db: Db; dataDir: string },
  options: Partial<MaterialOptions> = {},
): Promise<EnsureMaterialsResult> {
  const opts: MaterialOptions = { ...DEFAULT_MATERIAL_OPTIONS, ...options };
  const started = performance.now();
  const build = materialsBuildId(opts);
  const rowsWanted = !materialsMarkerMatches(await readMaterialsMarker(ctx.db), opts);
  const imagesWanted = !materialImagesReady(ctx.dataDir, build);
  let rowsMs = 0;
  let imagesMs = 0;
  // Building the library (~0.1 s) is shared by both jobs; it is skipped when both are reused.
  const lib: MaterialLibrary | null = rowsWanted || imagesWanted ? buildMaterials(opts) : null;
  const rowsJob = async () => {
    if (!rowsWanted || !lib) return;
    const t = performance.now();
    await writeMaterials(ctx.db, lib, {
      ...opts,
      version: MATERIALS_VERSION,
      build,
      digest: materialsDigest(lib),
      builtAt: new Date().toISOString(),
    });
    rowsMs = performance.now() - t;
  };
  const imagesJob = async () => {
    if (!imagesWanted || !lib) return;
    const t = performance.now();
    await generateMaterialImages(ctx.dataDir, lib);
    imagesMs = performance.now() - t;
  };
  await Promise.all([imagesJob(), rowsJob()]);
  return {
    build,
    rowsGenerated: rowsWanted,
    imagesGenerated: imagesWanted,
    materials: opts.materialCount,
    backgrounds: opts.backgroundCount,
    ms: { rows: Math.round(rowsMs), images: Math.round(imagesMs), total: Math.round(performance.now() - started) },
  };
}
