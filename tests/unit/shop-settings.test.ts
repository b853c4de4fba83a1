/**
 * Shop settings' pure rules: the IOSS number's form and how it is stored, the EU list IOSS uses,
 * a shipping default becoming a group's default only where the group offers it, and a pasted
 * address split into the address form's fields.
 */
import { describe, expect, it } from 'vitest';
import { validate } from '../../contract/validation';
import { FREE_SHIPPING_EU } from '../../contract/constants';
import { EU_COUNTRIES, iossSchema, isEuCountry, normalizeIoss, ShopSettingsMessages } from '../../contract/shop-settings';
import { logisticsMethods, withPreferred } from '../../server/shop-settings/logistics';
import { parseAddress } from '../../server/shop-settings/address-info';

describe('IOSS number', () => {
  it('is IM and 10 digits, spaces and case forgiven; empty is allowed (it clears the number)', () => {
    for (const good of ['IM2761234567', 'im2761234567', ' IM 276 1234567 ', ''])
      expect(validate(iossSchema, { iossNumber: good })).toEqual({});
    for (const bad of ['IM276123456', 'IM27612345678', 'IT2761234567', 'IM-2761234567', '2761234567', 'IMABCDEFGHIJ']) {
      expect(validate(iossSchema, { iossNumber: bad }).iossNumber, bad).toBe(ShopSettingsMessages.iossInvalid);
    }
    expect(normalizeIoss(' im 276 1234567 ')).toBe('IM2761234567');
  });

  it('covers the 27 EU states, not the UK, Iceland, Norway or Switzerland', () => {
    expect(EU_COUNTRIES).toHaveLength(27);
    for (const out of ['GB', 'IS', 'NO', 'CH', 'US']) expect(isEuCountry(out)).toBe(false);
    expect(isEuCountry('de')).toBe(true);
    // The free-shipping list is not the EU: it names two countries outside it.
    expect(FREE_SHIPPING_EU.filter((c) => !isEuCountry(c))).toEqual(['IS', 'GB']);
  });
});

describe('shipping defaults', () => {
  const methods = [
    { logisticsId: 1, isDefault: true },
    { logisticsId: 2, isDefault: false },
  ];

  it("makes the merchant's method the group's one default when the group offers it", () => {
    expect(withPreferred(methods, 2)).toEqual([
      { logisticsId: 1, isDefault: false },
      { logisticsId: 2, isDefault: true },
    ]);
    // Not offered (another warehouse's method) or none: the quoted default stays.
    expect(withPreferred(methods, 4)).toEqual(methods);
    expect(withPreferred(methods, undefined)).toEqual(methods);
  });

  it("lists a warehouse's methods, and only those that reach a country", () => {
    expect(logisticsMethods({ shipFrom: 'AU' }).map((m) => m.logisticsId)).toEqual([5, 6]);
    expect(logisticsMethods({ countryCode: 'US' }).map((m) => m.shipFrom)).toEqual(['CN', 'CN', 'US', 'US']);
    expect(logisticsMethods({ shipFrom: 'US', countryCode: 'DE' })).toEqual([]);
  });
});

describe('parseAddress', () => {
  it.each([
    [
      '1600 Amphitheatre Pkwy, Mountain View, CA 94043, United States',
      { address1: '1600 Amphitheatre Pkwy', city: 'Mountain View', province: 'CA', zip: '94043', country_code: 'US' },
    ],
    ['10 Downing Street, London SW1A 2AA, UK', { address1: '10 Downing Street', city: 'London', zip: 'SW1A 2AA', country_code: 'GB' }],
    ['Keizersgracht 1, 1015 CJ Amsterdam, Netherlands', { city: 'Amsterdam', zip: '1015 CJ', country_code: 'NL' }],
    ['Somewhere 12, Toronto, ON M5V 2T6, Canada', { city: 'Toronto', province: 'ON', zip: 'M5V 2T6', country_code: 'CA' }],
    ['1 Rue de Rivoli, 75001 Paris France', { address1: '1 Rue de Rivoli', city: 'Paris', zip: '75001', country_code: 'FR' }],
    [
      '5 George St\nLevel 3\nSydney NSW 2000\nAustralia',
      { address1: '5 George St', address2: 'Level 3', city: 'Sydney', province: 'NSW', zip: '2000' },
    ],
  ])('%s', (text, expected) => {
    expect(parseAddress(text)).toMatchObject(expected);
  });

  it('leaves what it cannot tell empty', () => {
    expect(parseAddress('somewhere far away')).toEqual({
      address1: 'somewhere far away',
      address2: '',
      city: '',
      province: '',
      zip: '',
      country_code: '',
      country: '',
      ship_country_id: null,
    });
    expect(parseAddress(' , \n ')).toMatchObject({ address1: '', country_code: '' });
  });
});
