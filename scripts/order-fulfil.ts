/**
 * npm run order:fulfil -- <orderId> --tracking <number | CN=…,US=…> [--method <logistics id | name>] [--url <server>]
 *
 * Ships a paid order (processing → fulfilled) with its tracking number(s).
 * - With OPS_TOKEN set it calls the running server's operator endpoint (POST /prod-api/ops/orders/:id/fulfil)
 *   at --url, else PUBLIC_URL, else http://127.0.0.1:$PORT (8080).
 * - Without OPS_TOKEN it writes to the database directly (DATABASE_URL, else the embedded one in
 *   DATA_DIR): stop the server first when it uses the embedded database, which serves one process.
 * Exit status: 0 shipped, 1 refused (the reason is printed), 2 bad arguments.
 */
import { parseArgs } from 'node:util';

const usage = 'usage: npm run order:fulfil -- <orderId> --tracking <number | CN=…,US=…> [--method <logistics id | name>] [--url <server>]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { tracking: { type: 'string' }, method: { type: 'string' }, url: { type: 'string' }, help: { type: 'boolean' } },
});

if (values.help) {
  console.log(usage);
  process.exit(0);
}
const orderId = Number(positionals[0]);
if (positionals.length !== 1 || !Number.isSafeInteger(orderId) || orderId < 1 || !values.tracking?.trim()) {
  console.error(usage);
  process.exit(2);
}

/** "YT123" for every parcel, or "CN=YT123,US=9400…" per warehouse. */
function parseTracking(raw: string): string | Record<string, string> {
  if (!raw.includes('=')) return raw.trim();
  const out: Record<string, string> = {};
  for (const part of raw.split(',')) {
    const [k, v] = part.split('=');
    if (!k?.trim() || !v?.trim()) {
      console.error(`--tracking: "${part}" is not FROM=NUMBER`);
      process.exit(2);
    }
    out[k.trim().toUpperCase()] = v.trim();
  }
  return out;
}

const tracking = parseTracking(values.tracking!);
const opsToken = process.env.OPS_TOKEN?.trim();

interface Shipped {
  orderNo: string;
  status: string;
  shipments: { shipFrom: string; ship_method: string; trackingNumber: string | null; trackUrl: string | null }[];
}

function report(o: Shipped): void {
  console.log(`Order ${o.orderNo} is ${o.status}`);
  for (const s of o.shipments)
    console.log(`  from ${s.shipFrom}: ${s.ship_method}, tracking ${s.trackingNumber ?? '-'}${s.trackUrl ? ` (${s.trackUrl})` : ''}`);
}

if (opsToken) {
  const base = (values.url ?? process.env.PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`).replace(/\/+$/, '');
  let res: Response;
  try {
    res = await fetch(`${base}/prod-api/ops/orders/${orderId}/fulfil`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${opsToken}` },
      body: JSON.stringify({ tracking, ...(values.method ? { method: values.method } : {}) }),
    });
  } catch (err) {
    console.error(`Cannot reach ${base}: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  const body = (await res.json().catch(() => null)) as { code: number; msg: string; data?: Shipped } | null;
  if (!body || body.code !== 200 || !body.data) {
    console.error(body?.msg ?? `HTTP ${res.status}`);
    process.exit(1);
  }
  report(body.data);
} else {
  const { loadConfig } = await import('../server/platform/config');
  const { openDatabase } = await import('../server/platform/db/client');
  const { shipOrder } = await import('../server/commerce/fulfilment');
  const { orderDetail } = await import('../server/commerce/orders');
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let code = 0;
  try {
    await database.migrate();
    const order = await shipOrder(database.db, orderId, { tracking, method: values.method }, 'operator:cli');
    report(await orderDetail(database.db, order.userId, orderId));
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    code = 1;
  } finally {
    await database.close();
  }
  process.exit(code);
}
