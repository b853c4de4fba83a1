/**
 * Cart and address calls: shipTrolley (list grouped by
 * ship-from, add, edit variant and quantity, copy, delete, add variants, logistics costs, ship
 * country) and shipAddress (get, add, update, remove). Every call acts on the caller's own rows.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../platform/context';
import { requireUser } from '../accounts/session';
import { AppError, ok, okData } from '../platform/envelope';
import { ANOTHER_NAME_MAX } from '../../contract/commerce';
import {
  addLines,
  cartCountry,
  copyLine,
  countryOrThrow,
  deleteLine,
  editQuantity,
  editVariant,
  groupCosts,
  listCart,
  loadCartLines,
  setShipCountry,
  type AddLine,
} from './cart';
import { addAddress, defaultAddress, listAddresses, readAddress, removeAddress, updateAddress } from './addresses';
import { findCountry } from './cart-shipping';
import { bodyOf, idListOf, idOf, optionalIdOf, paramsOf, pick, queryOf, quantityOf, textOf } from '../platform/request-fields';

export function cartRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;

  app.get('/api/shipTrolley/getShipTrolleyList', async (request) => {
    const userId = await requireUser(request);
    return ok(await listCart(db, userId));
  });

  /** A saved product ("My products") is checked against the merchant's own products in addLines. */
  const myProductOf = (b: Record<string, unknown>): number | null =>
    optionalIdOf(pick(b, 'myProductId', 'myproductid'), 'myProductId') ?? null;

  const lineOf = (b: Record<string, unknown>, productId: number, anotherName: string, myProductId: number | null): AddLine => ({
    productId,
    variantId: optionalIdOf(pick(b, 'variantsid', 'variantsId', 'variantId'), 'variantsid'),
    quantity: quantityOf(pick(b, 'quantity', 'num'), 1),
    anotherName,
    myProductId,
  });

  app.post('/api/shipTrolley/addShipTrolley', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    const productId = idOf(pick(b, 'productid', 'productId'), 'productid');
    const [id] = await addLines(db, userId, [
      lineOf(b, productId, textOf(pick(b, 'anotherName'), 'anotherName', ANOTHER_NAME_MAX), myProductOf(b)),
    ]);
    const lines = await loadCartLines(db, userId);
    return okData({ id, total: lines.length });
  });

  /** Several variants of one product at once: variants [{variantsid, quantity}] or variantsids + quantity. */
  app.post('/api/shipTrolley/addShipTrolleyVariants', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    const productId = idOf(pick(b, 'productid', 'productId'), 'productid');
    const anotherName = textOf(pick(b, 'anotherName'), 'anotherName', ANOTHER_NAME_MAX);
    const myProductId = myProductOf(b);
    const list = pick(b, 'variants', 'variantList');
    let adds: AddLine[];
    if (Array.isArray(list)) {
      if (list.length > 100) throw new AppError('variants: at most 100 at once');
      adds = list.map((v) => {
        if (!v || typeof v !== 'object') throw new AppError('variants must be a list of {variantsid, quantity}');
        const item = v as Record<string, unknown>;
        return {
          ...lineOf(item, productId, anotherName, myProductId),
          variantId: idOf(pick(item, 'variantsid', 'variantsId', 'variantId'), 'variantsid'),
        };
      });
    } else {
      const ids = idListOf(pick(b, 'variantsids', 'variantsIds', 'variantIds'), 'variantsids');
      const quantity = quantityOf(pick(b, 'quantity'), 1);
      adds = ids.map((variantId) => ({ productId, variantId, quantity, anotherName, myProductId }));
    }
    const ids = await addLines(db, userId, adds);
    return okData({ ids });
  });

  app.post('/api/shipTrolley/editVariants', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    await editVariant(db, userId, idOf(pick(b, 'id'), 'id'), idOf(pick(b, 'variantsid', 'variantsId', 'variantId'), 'variantsid'));
    return ok();
  });

  app.post('/api/shipTrolley/editShipTrolley', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    const anotherName = pick(b, 'anotherName');
    await editQuantity(
      db,
      userId,
      idOf(pick(b, 'id'), 'id'),
      quantityOf(pick(b, 'quantity', 'num')),
      anotherName === undefined ? undefined : textOf(anotherName, 'anotherName', ANOTHER_NAME_MAX),
    );
    return ok();
  });

  app.post('/api/shipTrolley/copyShipTrolley/:id', async (request) => {
    const userId = await requireUser(request);
    const id = await copyLine(db, userId, idOf(paramsOf(request).id, 'id'));
    return okData({ id });
  });

  app.post('/api/shipTrolley/deleteShipTrolley/:id', async (request) => {
    const userId = await requireUser(request);
    await deleteLine(db, userId, idOf(paramsOf(request).id, 'id'));
    return ok();
  });

  /**
   * Shipping for the cart (or the lines in `ids`) to a country: per ship-from group its methods,
   * times and costs, or the spec's refusal. The country: countryCode / shipCountryId, else the
   * cart's country, else the default address's.
   */
  app.post('/api/shipTrolley/getLogisticsCostList', async (request) => {
    const userId = await requireUser(request);
    const b = { ...queryOf(request), ...bodyOf(request) };
    const code = pick(b, 'countryCode', 'country_code', 'countrycode');
    const id = optionalIdOf(pick(b, 'shipCountryId', 'ship_country_id'), 'shipCountryId');
    let country =
      code !== undefined || id !== undefined
        ? countryOrThrow(code === undefined ? undefined : String(code), id)
        : await cartCountry(db, userId);
    if (!country) {
      const address = await defaultAddress(db, userId);
      country = address ? (findCountry(address.countryCode) ?? null) : null;
    }
    if (!country) throw new AppError('countryCode is required');
    const ids = pick(b, 'ids', 'itemIds', 'shipTrolleyIds');
    const lines = await loadCartLines(db, userId, ids === undefined ? undefined : idListOf(ids, 'ids'));
    const groups = groupCosts(lines, country);
    return okData({ shipCountryId: country.shipCountryId, countryCode: country.countryCode, country: country.country, groups });
  });

  app.post('/api/shipTrolley/updateShipCountryId', async (request) => {
    const userId = await requireUser(request);
    const b = { ...queryOf(request), ...bodyOf(request) };
    const code = pick(b, 'countryCode', 'country_code');
    const country = countryOrThrow(
      code === undefined ? undefined : String(code),
      optionalIdOf(pick(b, 'shipCountryId', 'ship_country_id', 'id'), 'shipCountryId'),
    );
    await setShipCountry(db, userId, country);
    return okData({ shipCountryId: country.shipCountryId, countryCode: country.countryCode, country: country.country });
  });

  // ------------------------------------------------------------------------------------------
  // Addresses
  // ------------------------------------------------------------------------------------------

  app.get('/api/shipAddress/getShipAddress', async (request) => {
    const userId = await requireUser(request);
    return okData(await listAddresses(db, userId));
  });

  app.post('/api/shipAddress/addShipAddress', async (request) => {
    const userId = await requireUser(request);
    return okData(await addAddress(db, userId, readAddress(bodyOf(request), true)));
  });

  app.post('/api/shipAddress/updateShipAddress', async (request) => {
    const userId = await requireUser(request);
    const b = bodyOf(request);
    return okData(await updateAddress(db, userId, idOf(pick(b, 'id'), 'id'), readAddress(b, false)));
  });

  app.post('/api/shipAddress/removeShipAddress', async (request) => {
    const userId = await requireUser(request);
    const id = idOf(pick({ ...bodyOf(request), ...queryOf(request) }, 'id'), 'id');
    await removeAddress(db, userId, id);
    return ok();
  });
}
