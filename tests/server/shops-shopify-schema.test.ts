/**
 * Every GraphQL operation the Shopify connector sends, checked against Shopify's published Admin
 * API schema of each version the server accepts (kept in stand-ins/shopify-admin-schemas):
 * fields, arguments, input types, no deprecated field; and the variables the connector builds for
 * them. Also: the server refuses to start with a version outside that list.
 */
import { describe, expect, it } from 'vitest';
import { isEnumType } from 'graphql';
import * as admin from '../../server/shops/shopify/admin';
import { BRAND_CHARGE_MUTATION, BRAND_CHARGE_QUERY } from '../../server/branding/shopify-charge';
import { SHOPIFY_API_VERSION, SHOPIFY_API_VERSIONS, shopsConfigFromEnv } from '../../server/shops/config';
import { WEBHOOK_TOPICS } from '../../server/shops/shopify/connector';
import { productSetVariables } from '../../server/shops/shopify/product-input';
import type { PushProduct } from '../../server/shops/push-product';
import { adminSchema, checkOperation, hasAdminSchema } from './stand-ins/shopify-admin-schema';

/** Every exported GraphQL document of the connector, by export name, and the Branding Project's Shopify charge. */
const documents = [
  ...Object.entries(admin as Record<string, unknown>),
  ['BRAND_CHARGE_MUTATION', BRAND_CHARGE_MUTATION],
  ['BRAND_CHARGE_QUERY', BRAND_CHARGE_QUERY],
].filter((e): e is [string, string] => typeof e[1] === 'string' && /^\s*(query|mutation)\s/.test(e[1]));

const product: PushProduct = {
  id: 7,
  userId: 1,
  catalogProductId: 3,
  title: 'Tee',
  bodyHtml: '<p>soft</p>',
  handle: 'pod-7',
  options: [{ name: 'Size', values: ['S', 'M'] }],
  variants: [
    { id: 1, catalogVariantId: 11, sku: 'T-S', priceCents: 1999, optionValues: ['S'], imageUrl: 'https://app.example/a.jpg' },
    { id: 2, catalogVariantId: 12, sku: 'T-M', priceCents: 2099, optionValues: ['M'], imageUrl: null },
  ],
  images: [{ url: 'https://app.example/a.jpg', alt: 'Tee - Front' }],
};

/** The variables the connector sends with each operation (as connector.ts and routes.ts build them). */
const variablesOf: Record<string, Record<string, unknown>[]> = {
  SHOP_QUERY: [{}],
  SUBSCRIPTIONS_QUERY: [{}],
  MAIN_THEME_QUERY: [{}],
  PRODUCT_SET_MUTATION: [
    productSetVariables(product, null),
    productSetVariables(product, { externalProductId: 'gid://shopify/Product/1', variantMap: { '1': 'gid://shopify/ProductVariant/9' } }),
    productSetVariables({ ...product, options: [], variants: [product.variants[0]!] }, null),
  ],
  PRODUCT_STATUS_MUTATION: [{ product: { id: 'gid://shopify/Product/1', status: 'DRAFT' } }],
  WEBHOOK_CREATE_MUTATION: WEBHOOK_TOPICS.map((topic) => ({
    topic,
    webhookSubscription: { uri: 'https://app.example/hook', format: 'JSON' },
  })),
  ORDERS_QUERY: [{ first: 50, after: null, query: "created_at:>='2026-01-01T00:00:00.000Z'" }],
  ORDERS_WITHOUT_CUSTOMER_QUERY: [{ first: 50, after: 'cursor', query: null }],
  BRAND_CHARGE_MUTATION: [
    {
      name: 'Branding Project: Starter_Pack',
      price: { amount: '49.00', currencyCode: 'USD' },
      returnUrl: 'https://app.example/branding-project?shopify=1',
      test: false,
    },
  ],
  BRAND_CHARGE_QUERY: [{ id: 'gid://shopify/AppPurchaseOneTime/1' }],
};

describe('the Shopify connector against the published Admin API schemas', () => {
  it('knows every document it checks, and every supported version has a published schema', () => {
    expect(documents.map(([name]) => name).sort()).toEqual(Object.keys(variablesOf).sort());
    expect(SHOPIFY_API_VERSIONS).toContain(SHOPIFY_API_VERSION);
    for (const v of SHOPIFY_API_VERSIONS) expect(hasAdminSchema(v), v).toBe(true);
  });

  for (const version of SHOPIFY_API_VERSIONS) {
    it(`every operation and its variables validate against ${version}, without deprecated fields`, () => {
      const schema = adminSchema(version);
      const problems: string[] = [];
      for (const [name, doc] of documents) {
        for (const vars of variablesOf[name] ?? []) {
          const r = checkOperation(schema, doc, vars, { deprecated: true });
          if (!r.ok) problems.push(`${name}: ${r.errors.map((e) => e.message).join('; ')}`);
        }
      }
      expect(problems).toEqual([]);
      // The topics subscribed exist in this version.
      const topics = schema.getType('WebhookSubscriptionTopic');
      expect(isEnumType(topics) && WEBHOOK_TOPICS.every((t) => topics.getValue(t))).toBe(true);
    });
  }

  it('refuses what a version lacks, as Shopify would (the check can fail)', () => {
    const schema = adminSchema(SHOPIFY_API_VERSION);
    const r = checkOperation(schema, 'query PodX { shop { id nameThatDoesNotExist } }', {});
    expect(r.ok).toBe(false);
    const bad = checkOperation(schema, admin.PRODUCT_STATUS_MUTATION, { product: { id: 'gid://shopify/Product/1', state: 'DRAFT' } });
    expect(bad.ok).toBe(false);
  });
});

describe('SHOPIFY_API_VERSION', () => {
  const env = { SHOPIFY_API_KEY: 'k', SHOPIFY_API_SECRET: 's' };

  it('defaults to the newest stable supported version and takes any supported one', () => {
    expect(shopsConfigFromEnv(env, 8080).shopify?.apiVersion).toBe(SHOPIFY_API_VERSION);
    for (const v of SHOPIFY_API_VERSIONS) expect(shopsConfigFromEnv({ ...env, SHOPIFY_API_VERSION: v }, 8080).shopify?.apiVersion).toBe(v);
  });

  it('refuses at start-up a version the operations were not checked against, naming the supported ones', () => {
    for (const v of ['2025-07', '2025-10', '2024-07', 'unstable', 'latest']) {
      expect(() => shopsConfigFromEnv({ ...env, SHOPIFY_API_VERSION: v }, 8080)).toThrow(
        `SHOPIFY_API_VERSION=${v} is not supported: use one of ${SHOPIFY_API_VERSIONS.join(', ')}`,
      );
    }
  });
});
