/**
 * Cart and address calls: shipTrolley (list grouped by
 * ship-from, add, edit variant and quantity, copy, delete, add variants, logistics costs, ship
 * country) and shipAddress (get, add, update, remove). Every call acts on the caller's own rows.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { addAddress, addressFields, addressInput, defaultAddress, listAddresses, removeAddress, updateAddress } from './addresses';
import { findCountry } from './cart-shipping';
import { aka, id, idList, idParams, optionalId, optionalText, quantity, text } from '../platform/http-schema/fields';
import { dataReply, okReply } from '../platform/http-schema/replies';
import { cartGroup, groupCosts as groupCostsReply, shipAddress, shipCountry } from './cart-replies';
import { sessionSecurity as security } from '../accounts/signed-in';
import { withShopLogistics } from '../shop-settings/logistics';

const tags = ['cart'];

const lineFields = {
  productid: aka(id('productid'), 'productId'),
  anotherName: text('anotherName', ANOTHER_NAME_MAX),
  /** A saved product ("My products"), checked against the merchant's own products in addLines. */
  myProductId: aka(optionalId('myProductId'), 'myproductid'),
};
const variantField = aka(optionalId('variantsid'), 'variantsId', 'variantId');
const countryFields = {
  countryCode: aka(optionalText('countryCode', 8), 'country_code', 'countrycode'),
  shipCountryId: aka(optionalId('shipCountryId'), 'ship_country_id'),
};

export function cartRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/shipTrolley/getShipTrolleyList',
    {
      schema: {
        tags,
        security,
        summary: 'The cart, grouped by where it ships from',
        response: {
          200: okReply({
            data: z.array(cartGroup),
            total: z.int().meta({ description: 'Number of cart lines' }),
            quantity: z.int(),
            subtotal: z.int(),
            shipCountryId: z.int().nullable(),
            countryCode: z.string().nullable(),
          }),
        },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      return ok(await listCart(db, userId));
    },
  );

  api.post(
    '/api/shipTrolley/addShipTrolley',
    {
      schema: {
        tags,
        security,
        summary: 'Add one line',
        body: z.object({ ...lineFields, variantsid: variantField, quantity: aka(quantity(1), 'num') }),
        response: { 200: dataReply(z.object({ id: z.int(), total: z.int() })) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const b = request.body;
      const [lineId] = await addLines(db, userId, [
        {
          productId: b.productid,
          variantId: b.variantsid,
          quantity: b.quantity,
          anotherName: b.anotherName,
          myProductId: b.myProductId ?? null,
        },
      ]);
      const lines = await loadCartLines(db, userId);
      return okData({ id: lineId!, total: lines.length });
    },
  );

  /** Several variants of one product at once: variants [{variantsid, quantity}] or variantsids + quantity. */
  api.post(
    '/api/shipTrolley/addShipTrolleyVariants',
    {
      schema: {
        tags,
        security,
        summary: 'Add several variants of one product',
        body: z.object({
          ...lineFields,
          variants: aka(
            z
              .array(z.object({ variantsid: aka(id('variantsid'), 'variantsId', 'variantId'), quantity: aka(quantity(1), 'num') }), {
                error: 'variants must be a list of {variantsid, quantity}',
              })
              .max(100, 'variants: at most 100 at once')
              .optional(),
            'variantList',
          ),
          variantsids: aka(idList('variantsids'), 'variantsIds', 'variantIds'),
          quantity: quantity(1),
        }),
        response: { 200: dataReply(z.object({ ids: z.array(z.int()) })) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const b = request.body;
      const line = { productId: b.productid, anotherName: b.anotherName, myProductId: b.myProductId ?? null };
      const adds: AddLine[] = b.variants
        ? b.variants.map((v) => ({ ...line, variantId: v.variantsid, quantity: v.quantity }))
        : b.variantsids.map((variantId) => ({ ...line, variantId, quantity: b.quantity }));
      const ids = await addLines(db, userId, adds);
      return okData({ ids });
    },
  );

  api.post(
    '/api/shipTrolley/editVariants',
    {
      schema: {
        tags,
        security,
        summary: "Change a line's variant",
        body: z.object({ id: id('id'), variantsid: aka(id('variantsid'), 'variantsId', 'variantId') }),
        response: { 200: okReply() },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      await editVariant(db, userId, request.body.id, request.body.variantsid);
      return ok();
    },
  );

  api.post(
    '/api/shipTrolley/editShipTrolley',
    {
      schema: {
        tags,
        security,
        summary: "Change a line's quantity (and its name for the merchant)",
        body: z.object({
          id: id('id'),
          quantity: aka(quantity(), 'num'),
          anotherName: optionalText('anotherName', ANOTHER_NAME_MAX),
        }),
        response: { 200: okReply() },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const b = request.body;
      await editQuantity(db, userId, b.id, b.quantity, b.anotherName);
      return ok();
    },
  );

  api.post(
    '/api/shipTrolley/copyShipTrolley/:id',
    { schema: { tags, security, summary: 'Copy a line', params: idParams, response: { 200: dataReply(z.object({ id: z.int() })) } } },
    async (request) => {
      const userId = await requireUser(request);
      const copy = await copyLine(db, userId, request.params.id);
      return okData({ id: copy });
    },
  );

  api.post(
    '/api/shipTrolley/deleteShipTrolley/:id',
    { schema: { tags, security, summary: 'Remove a line', params: idParams, response: { 200: okReply() } } },
    async (request) => {
      const userId = await requireUser(request);
      await deleteLine(db, userId, request.params.id);
      return ok();
    },
  );

  /**
   * Shipping for the cart (or the lines in `ids`) to a country: per ship-from group its methods,
   * times and costs, or the refusal. The country: countryCode / shipCountryId, else the
   * cart's country, else the default address's.
   */
  api.post(
    '/api/shipTrolley/getLogisticsCostList',
    {
      config: { fieldsFromQuery: true },
      schema: {
        tags,
        security,
        summary: 'Shipping methods and costs per ship-from group to a country',
        body: z.object({ ...countryFields, ids: aka(idList('ids').optional(), 'itemIds', 'shipTrolleyIds') }),
        response: { 200: dataReply(z.looseObject({ ...shipCountry, groups: z.array(groupCostsReply) })) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const b = request.body;
      let country =
        b.countryCode !== undefined || b.shipCountryId !== undefined
          ? countryOrThrow(b.countryCode, b.shipCountryId)
          : await cartCountry(db, userId);
      if (!country) {
        const address = await defaultAddress(db, userId);
        country = address ? (findCountry(address.countryCode) ?? null) : null;
      }
      if (!country) throw new AppError('countryCode is required');
      const lines = await loadCartLines(db, userId, b.ids);
      // The merchant's shipping defaults decide each group's preselected method.
      const groups = await withShopLogistics(db, userId, country.countryCode, groupCosts(lines, country));
      return okData({ shipCountryId: country.shipCountryId, countryCode: country.countryCode, country: country.country, groups });
    },
  );

  api.post(
    '/api/shipTrolley/updateShipCountryId',
    {
      config: { fieldsFromQuery: true },
      schema: {
        tags,
        security,
        summary: "Set the cart's ship-to country",
        body: z.object({ ...countryFields, shipCountryId: aka(optionalId('shipCountryId'), 'ship_country_id', 'id') }),
        response: { 200: dataReply(z.looseObject(shipCountry)) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      const country = countryOrThrow(request.body.countryCode, request.body.shipCountryId);
      await setShipCountry(db, userId, country);
      return okData({ shipCountryId: country.shipCountryId, countryCode: country.countryCode, country: country.country });
    },
  );

  // ------------------------------------------------------------------------------------------
  // Addresses
  // ------------------------------------------------------------------------------------------

  const addressTags = ['addresses'];

  api.get(
    '/api/shipAddress/getShipAddress',
    {
      schema: { tags: addressTags, security, summary: "The merchant's ship addresses", response: { 200: dataReply(z.array(shipAddress)) } },
    },
    async (request) => {
      const userId = await requireUser(request);
      return okData(await listAddresses(db, userId));
    },
  );

  api.post(
    '/api/shipAddress/addShipAddress',
    {
      schema: {
        tags: addressTags,
        security,
        summary: 'Add an address',
        body: z.object(addressFields),
        response: { 200: dataReply(shipAddress) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      return okData(await addAddress(db, userId, addressInput(request.body, true)));
    },
  );

  api.post(
    '/api/shipAddress/updateShipAddress',
    {
      schema: {
        tags: addressTags,
        security,
        summary: 'Change the fields given of an address',
        body: z.object({ id: id('id'), ...addressFields }),
        response: { 200: dataReply(shipAddress) },
      },
    },
    async (request) => {
      const userId = await requireUser(request);
      return okData(await updateAddress(db, userId, request.body.id, addressInput(request.body, false)));
    },
  );

  api.post(
    '/api/shipAddress/removeShipAddress',
    {
      config: { fieldsFromQuery: true },
      schema: { tags: addressTags, security, summary: 'Remove an address', body: z.object({ id: id('id') }), response: { 200: okReply() } },
    },
    async (request) => {
      const userId = await requireUser(request);
      await removeAddress(db, userId, request.body.id);
      return ok();
    },
  );
}
