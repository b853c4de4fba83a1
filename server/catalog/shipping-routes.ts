/**
 * Shipping calls (shipCountryList, getshippingTemplateList, getCalculatorList, getTrackUrl) with
 * the ship-from rules (which warehouse ships where); how the rules combine is written down in
 * ./shipping-rules.ts. Costs are integer cents.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../platform/context';
import { AppError, okData, page } from '../platform/envelope';
import { aka, optionalInt } from '../platform/http-schema/fields';
import { dataReply, pageReply } from '../platform/http-schema/replies';
import { CatalogMessages } from './messages';
import { catalogId, optionalCatalogId, shipCountry, shipMethod } from './fields';
import { loadBundles, productBasics } from './queries';
import { calculatorRow, shipCountryRow, trackUrl, variantQuote } from './replies';
import {
  DEFAULT_TRACK_URL,
  SHIP_COUNTRIES,
  asShipFrom,
  isFreeShippingCountry,
  quote,
  shipRefusal,
  type LogisticsCost,
  type ShipFromCode,
} from './shipping-rules';

const tags = ['catalog'];

const countryField = aka(shipCountry('countrycode'), 'countryCode', 'country');

/** Quotes take: countrycode, productid, variantid (else the first variant) and quantity (default 1). */
const quoteQuery = z.object({
  countrycode: countryField,
  productid: aka(catalogId('productid'), 'productId'),
  variantid: aka(optionalCatalogId('variantid'), 'variantId'),
  quantity: aka(optionalInt('quantity', 1, 999), 'num'),
});

export function catalogShippingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** Countries served; with productid only those the product may ship to. */
  api.get(
    '/api/product/shipCountryList',
    {
      schema: {
        tags,
        summary: 'Countries served; with productid only those the product may ship to',
        querystring: z.object({ productid: aka(optionalCatalogId('productid'), 'productId') }),
        response: { 200: pageReply(shipCountryRow) },
      },
    },
    async (request) => {
      const productId = request.query.productid;
      let from: ShipFromCode | null = null;
      if (productId !== undefined) {
        const product = await productBasics(db, productId);
        if (!product) throw new AppError(CatalogMessages.productNotFound);
        from = asShipFrom(product.shipFrom);
      }
      const rows = SHIP_COUNTRIES.filter((c) => from === null || shipRefusal(from, c.countryCode) === null).map((c) => ({
        shipCountryId: c.shipCountryId,
        countryCode: c.countryCode,
        country: c.country,
        freeShipping: isFreeShippingCountry(c.countryCode) ? 1 : 0,
      }));
      return page(rows, rows.length);
    },
  );

  /** Per product (and variant) and country: each method's time and cost, or the refusal. */
  const quotes = async (q: z.output<typeof quoteQuery>) => {
    const { countrycode: country, productid: productId, variantid: variantId } = q;
    const quantity = q.quantity ?? 1;
    const [bundle] = await loadBundles(db, [productId]);
    if (!bundle) throw new AppError(CatalogMessages.productNotFound);
    const variant = variantId === undefined ? bundle.variants[0] : bundle.variants.find((v) => v.id === variantId);
    if (!variant) throw new AppError(CatalogMessages.variantNotFound);
    const result = quote({
      from: asShipFrom(bundle.product.shipFrom),
      logistics: bundle.product.logistics as LogisticsCost[],
      defaultLogisticsId: bundle.product.defaultLogisticsId,
      country,
      quantity,
    });
    if ('refused' in result) throw new AppError(result.refused);
    return { variant, quantity, quotes: result };
  };

  api.get(
    '/api/product/getshippingTemplateList',
    {
      schema: {
        tags,
        summary: 'Shipping methods, times and costs of a product to a country',
        querystring: quoteQuery,
        response: { 200: dataReply(z.array(variantQuote)) },
      },
    },
    async (request) => {
      const { variant, quotes: list } = await quotes(request.query);
      return okData(list.map((x) => ({ ...x, variantid: variant.id })));
    },
  );

  /** The shipping calculator: product cost, shipping and total per method for a quantity. */
  api.get(
    '/api/product/getCalculatorList',
    {
      schema: {
        tags,
        summary: 'The shipping calculator: product cost, shipping and total per method',
        querystring: quoteQuery,
        response: { 200: pageReply(calculatorRow) },
      },
    },
    async (request) => {
      const { variant, quantity, quotes: list } = await quotes(request.query);
      const productCost = variant.cost * quantity;
      const rows = list.map((x) => ({
        ...x,
        variantid: variant.id,
        quantity,
        unitCost: variant.cost,
        productCost,
        shippingCost: x.cost,
        totalCost: productCost + x.cost,
      }));
      return page(rows, rows.length);
    },
  );

  api.get(
    '/api/product/getTrackUrl',
    {
      schema: {
        tags,
        summary: "The tracking page of a shipping method's carrier for a country",
        querystring: z.object({
          countrycode: countryField,
          shipMethod: aka(shipMethod('shipMethod'), 'shipmethod'),
          shipCountryId: aka(optionalCatalogId('shipCountryId'), 'ship_country_id'),
        }),
        response: { 200: dataReply(trackUrl) },
      },
    },
    async (request) => {
      const { countrycode: country, shipMethod: method, shipCountryId } = request.query;
      if (shipCountryId !== undefined && shipCountryId !== country.shipCountryId)
        throw new AppError('shipCountryId does not match countryCode');
      const refused = shipRefusal(method.from, country.countryCode);
      // A warehouse carrier cannot track outside its zone; the universal tracker still can.
      const url = refused ? DEFAULT_TRACK_URL : method.trackUrl;
      return okData({
        url,
        trackUrl: url,
        carrier: refused ? '17TRACK' : method.carrier,
        shipMethod: method.name,
        logisticsId: method.logisticsId,
        countryCode: country.countryCode,
        shipCountryId: country.shipCountryId,
      });
    },
  );
}
