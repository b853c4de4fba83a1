/**
 * Runs the loopback Shopify stand-in (tests/server/stand-ins/shopify.ts) on its own, for e2e and
 * for trying the store connection by hand against `npm start`:
 *
 *   npx tsx scripts/stand-in-shopify.ts --port 9911 [--key pod-e2e-key] [--secret pod-e2e-secret]
 *   SHOPIFY_API_KEY=pod-e2e-key SHOPIFY_API_SECRET=pod-e2e-secret SHOPIFY_ADMIN_ORIGIN=http://127.0.0.1:9911 npm start
 *
 * Control endpoints for tests (loopback only, not part of Shopify's contract):
 *   GET  /__stand-in/shops/{domain}          the shop's products (variants, media), orders, webhooks
 *   POST /__stand-in/shops/{domain}/orders   {"lines":[{"variantId":"gid://shopify/ProductVariant/…","quantity":1}]}
 *        creates a customer order and delivers orders/create to the subscribed webhooks
 */
import { createServer } from 'node:http';
import { startShopifyStandIn } from '../tests/server/stand-ins/shopify';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
};

const port = Number(arg('port', '9911'));
// `npm start` serves plain http, whose webhook addresses real Shopify refuses: taken here to try the flow by hand.
const standIn = await startShopifyStandIn({
  apiKey: arg('key', 'pod-e2e-key'),
  apiSecret: arg('secret', 'pod-e2e-secret'),
  port,
  insecureWebhooks: true,
});

const control = createServer(async (req, res) => {
  const send = (status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  };
  const m = /^\/__stand-in\/shops\/([a-z0-9.-]+)(\/orders)?$/.exec(new URL(req.url ?? '/', 'http://x').pathname);
  if (!m) return send(404, { error: 'not found' });
  const shop = standIn.shop(m[1]!);
  if (req.method === 'GET' && !m[2]) {
    return send(200, {
      domain: shop.domain,
      name: shop.name,
      products: [...shop.products.values()],
      orders: shop.orders,
      webhooks: shop.webhooks,
    });
  }
  if (req.method === 'POST' && m[2]) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    try {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { lines: { variantId: string; quantity: number }[] };
      const r = await standIn.createOrder(shop.domain, body.lines);
      return send(200, { order: r.order, deliveries: r.deliveries.map((d) => d.status) });
    } catch (err) {
      return send(400, { error: err instanceof Error ? err.message : String(err) });
    }
  }
  return send(405, { error: 'method not allowed' });
});
await new Promise<void>((resolve) => control.listen(port + 1, '127.0.0.1', resolve));

console.log(`Shopify stand-in at ${standIn.url} (control: http://127.0.0.1:${port + 1}/__stand-in/shops/{domain})`);
const stop = async () => {
  control.close();
  await standIn.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
