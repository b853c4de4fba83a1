/**
 * The operator's print jobs of an order (registered inside the OPS_TOKEN guard of ops-routes.ts):
 *
 * - GET /ops/orders/:id/printJobs   per line made from a saved design: the template, the design
 *   and the print files to make (./print-jobs.ts); lines that print nothing with the reason.
 *
 * `npm run order:print` reads it and draws the files with the engine in headless Chromium.
 */
import type { FastifyInstance, RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { okData } from '../platform/envelope';
import { idParams } from '../platform/http-schema/fields';
import { dataReply } from '../platform/http-schema/replies';
import { customTemplate } from '../catalog/replies';
import { orderPrintJobs } from './print-jobs';

type OpsApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

const tattooJob = z
  .object({
    widthIn: z.number().meta({ description: 'Printed width in inches (the Size option)' }),
    heightIn: z.number(),
    dpi: z.int(),
    cutOffsetMm: z.number().meta({ description: 'The cut line runs this far outside the artwork, mm (the Cut Line option)' }),
    mirror: z.literal(true),
    whiteToAlpha: z.literal(true),
  })
  .meta({ description: 'A temporary tattoo: printed mirrored, paper white left out, with a cut line (SVG path in mm)' });

const printJobsReply = z.object({
  orderId: z.int(),
  orderNo: z.string(),
  status: z.string(),
  lines: z.array(
    z.object({
      orderItemId: z.int(),
      myProductId: z.int(),
      title: z.string(),
      variantTitle: z.string(),
      quantity: z.int(),
      template: customTemplate,
      design: z
        .looseObject({ id: z.string(), flatDesignList: z.array(z.looseObject({})) })
        .meta({ description: 'The saved design (SkuDesign)' }),
      files: z.array(
        z.object({
          flatId: z.string(),
          flatName: z.string(),
          dpi: z.int(),
          fileBase: z.string().meta({ description: 'Files are <fileBase>.png and, for a tattoo, <fileBase>.cut.svg' }),
          tattoo: tattooJob.nullable(),
        }),
      ),
    }),
  ),
  skipped: z.array(z.object({ orderItemId: z.int(), title: z.string(), reason: z.string() })),
});

export function opsPrintRoutes(ops: OpsApp, ctx: AppContext, tags: string[], description: string): void {
  ops.get(
    '/ops/orders/:id/printJobs',
    {
      schema: {
        tags,
        description,
        summary: "An order's print jobs: per line its template, design and the print files to make (tattoos mirrored, with a cut line)",
        params: idParams,
        response: { 200: dataReply(printJobsReply) },
      },
    },
    async (request) => okData(await orderPrintJobs(ctx.db, ctx.blobs, request.params.id)),
  );
}
