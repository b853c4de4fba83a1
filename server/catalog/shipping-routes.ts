/**
 * Shipping calls (shipCountryList, getshippingTemplateList, getCalculatorList, getTrackUrl) with
 * the ship-from rules (which warehouse ships where); how the rules combine is written down in
 * ./shipping-rules.ts. Costs are integer cents.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../platform/context';
import { AppError, okData, page } from '../platform/envelope';
import { CatalogMessages, first, optionalId, parseId, type Query } from './catalog-query';
import { loadBundles, productBasics } from './queries';
import {
  DEFAULT_TRACK_URL,
  SHIP_COUNTRIES,
  ShipMessages,
  asShipFrom,
  findCountry,
  findMethod,
  isFreeShippingCountry,
  quote,
  shipRefusal,
  type LogisticsCost,
  type ShipCountry,
  type ShipFromCode,
} from './shipping-rules';

const queryOf = (request: FastifyRequest): Query => (request.query ?? {}) as Query;

function countryParam(q: Query): ShipCountry {
  const raw = first(q, 'countrycode', 'countryCode', 'country');
  if (raw === undefined) throw new AppError('countrycode is required');
  const country = findCountry(raw);
  if (!country) throw new AppError(`${ShipMessages.unknownCountry}: ${raw}`);
  return country;
}

function quantityParam(q: Query): number {
  const raw = first(q, 'quantity', 'num');
  if (raw === undefined) return 1;
  if (!/^\d{1,3}$/.test(raw) || Number(raw) < 1) throw new AppError('quantity must be a whole number from 1 to 999');
  return Number(raw);
}

export function catalogShippingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  /** Countries served; with productid only those the product may ship to. */
  app.get('/api/product/shipCountryList', async (request) => {
    const productId = optionalId(first(queryOf(request), 'productid', 'productId'), 'productid');
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
  });

  /** Per product (and variant) and country: each method's time and cost, or the refusal. */
  const quotes = async (q: Query) => {
    const country = countryParam(q);
    const productId = parseId(first(q, 'productid', 'productId'), 'productid');
    const variantId = optionalId(first(q, 'variantid', 'variantId'), 'variantid');
    const quantity = quantityParam(q);
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

  app.get('/api/product/getshippingTemplateList', async (request) => {
    const { variant, quotes: list } = await quotes(queryOf(request));
    return okData(list.map((x) => ({ ...x, variantid: variant.id })));
  });

  /** The shipping calculator: product cost, shipping and total per method for a quantity. */
  app.get('/api/product/getCalculatorList', async (request) => {
    const { variant, quantity, quotes: list } = await quotes(queryOf(request));
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
  });

  app.get('/api/product/getTrackUrl', async (request) => {
    const q = queryOf(request);
    const country = countryParam(q);
    const rawMethod = first(q, 'shipMethod', 'shipmethod');
    if (rawMethod === undefined) throw new AppError('shipMethod is required');
    const method = findMethod(rawMethod);
    if (!method) throw new AppError(`${ShipMessages.unknownMethod}: ${rawMethod}`);
    const shipCountryId = optionalId(first(q, 'shipCountryId', 'ship_country_id'), 'shipCountryId');
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
  });
}
