/**
 * The operator's catalogue endpoint, behind OPS_TOKEN like the order endpoints:
 *
 * - POST /ops/catalog/psd   multipart: the fields `title`,
 *   `subcategoryId`, `cost` (the product's cost, e.g. 12.50) and optionally `shipFrom` (CN, US,
 *   AU), `weightGrams`, `customType`, then `file` (a mockup PSD or PSB; fields after it are not
 *   read). Bakes the document into a template and adds a catalogue
 *   product on it; answers the product id, handle, print areas and the template's notes (what
 *   it draws differently from Photoshop).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../platform/context';
import { AppError, okData } from '../platform/envelope';
import { addPsdProduct, MAX_PSD_BYTES, PsdProductRefused } from './psd-products';
import type { ShipFromCode } from './shipping-rules';
import { CUSTOM_TYPES } from '../../contract/catalog';
import { opsGuard } from '../platform/ops-guard';
import { dataReply } from '../platform/http-schema/replies';
import { psdProduct } from './replies';

const SHIP_FROM: readonly ShipFromCode[] = ['CN', 'US', 'AU'];

function fieldOf(part: MultipartFile, name: string): string {
  const f = part.fields[name];
  const one = Array.isArray(f) ? f[0] : f;
  return one && 'value' in one && typeof one.value === 'string' ? one.value.trim() : '';
}

function intField(part: MultipartFile, name: string, min: number, max: number, fallback?: number): number {
  const raw = fieldOf(part, name);
  if (raw === '' && fallback !== undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new AppError(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

async function psdPart(request: FastifyRequest): Promise<{ part: MultipartFile; bytes: Buffer }> {
  if (!request.isMultipart()) throw new AppError('Please select a PSD file');
  const part = await request.file({ limits: { fileSize: MAX_PSD_BYTES, files: 1, fields: 10 } });
  if (!part) throw new AppError('Please select a PSD file');
  try {
    return { part, bytes: await part.toBuffer() };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(`PSD max ${MAX_PSD_BYTES / 1024 / 1024}M`);
    throw err;
  }
}

export function catalogOpsRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.register(async (ops) => {
    ops.addHook('onRequest', opsGuard(ctx.config.opsToken));

    const api = ops.withTypeProvider<ZodTypeProvider>();
    // Multipart: the handler reads the form itself, so there is no body schema.
    api.post(
      '/ops/catalog/psd',
      {
        schema: {
          tags: ['catalog'],
          summary: 'Operator (Bearer OPS_TOKEN): add a catalogue product from a mockup PSD',
          consumes: ['multipart/form-data'],
          response: { 200: dataReply(psdProduct) },
        },
      },
      async (request) => {
        const { part, bytes } = await psdPart(request);
        // The form is read up to the file: fields must come before it (curl -F in that order).
        const title = fieldOf(part, 'title');
        if (!title || title.length > 200) throw new AppError('title is required (at most 200 characters)');
        const costText = fieldOf(part, 'cost');
        const cost = Math.round(Number(costText) * 100);
        if (!/^\d+(\.\d{1,2})?$/.test(costText) || !(cost > 0)) throw new AppError('cost must be a price such as 12.50');
        const shipFrom = (fieldOf(part, 'shipFrom') || 'CN').toUpperCase() as ShipFromCode;
        if (!SHIP_FROM.includes(shipFrom)) throw new AppError('shipFrom must be CN, US or AU');
        const customType = intField(part, 'customType', 1, 99, 6);
        if (!CUSTOM_TYPES[customType]) throw new AppError(`customType must be one of ${Object.keys(CUSTOM_TYPES).join(', ')}`);
        try {
          const made = await addPsdProduct(
            { db: ctx.db, dataDir: ctx.config.dataDir },
            {
              bytes,
              title,
              cost,
              shipFrom,
              customType,
              subcategoryId: intField(part, 'subcategoryId', 1, 2_147_483_647),
              weightGrams: intField(part, 'weightGrams', 1, 100_000, 200),
            },
          );
          request.log.info({ productId: made.productId, notes: made.notes.length }, 'catalogue product added from a PSD by the operator');
          return okData(made);
        } catch (err) {
          if (err instanceof PsdProductRefused) throw new AppError(err.message);
          throw err;
        }
      },
    );
  });
}
