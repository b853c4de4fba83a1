/**
 * The branding rules client and server share (contract/branding.ts) and the page's form
 * (src/pages/branding/form.ts): prices with options, the item pictures by choice, the save body a
 * form becomes, what a submit still lacks and the status badge.
 */
import { describe, expect, it } from 'vitest';
import {
  BRAND_ITEMS,
  BRAND_PACKAGES,
  BrandStatus,
  badChoiceMessage,
  brandPrice,
  defaultOptions,
  itemPictureFor,
  type BrandCustom,
} from '../../contract/branding';
import { formOf, isDirty, missingPart, saveBodyOf, statusBadge } from '../../src/pages/branding/form';

const starter = BRAND_PACKAGES[0]!;
const pro = BRAND_PACKAGES[1]!;

const record = (over: Partial<BrandCustom> = {}): BrandCustom => ({
  id: 1,
  package_id: 1,
  name: 'Starter_Pack',
  title: 'Starter Pack',
  price: 4900,
  is_use: 0,
  status: BrandStatus.DRAFT,
  statusName: 'Draft',
  logo: '/prod-api/storage/CustomizedImages/1/2026-11-27/logo.png',
  order_pic: '',
  diao_pai: '/prod-api/storage/CustomizedImages/1/2026-11-27/tag.png',
  biao_qian: '',
  bao_zhuang_dai: '',
  zhi_xiang: '',
  jiao_zhi: '',
  ka_pian: 1,
  ka_pian_pic: '',
  skype: '',
  whatsapp: '',
  diao_pai_info: 'Hello',
  options: defaultOptions(starter.items),
  submitTime: null,
  paidTime: null,
  updateTime: '2026-11-27T00:00:00.000Z',
  ...over,
});

describe('package prices', () => {
  it('adds the surcharge of each chosen option to the package price; unknown choices take the default', () => {
    expect(brandPrice(starter, {}).price).toBe(4900);
    expect(brandPrice(starter, { diao_pai: 'kraft', ka_pian: '2' }).price).toBe(4900 + 800 + 600);
    expect(brandPrice(pro, { zhi_xiang: 'l', bao_zhuang_dai: 'kraft', jiao_zhi: '72' }).price).toBe(19900 + 3000 + 1000 + 500);
    expect(brandPrice(starter, { diao_pai: 'gold' }).lines[0]!.choice).toBe('Coated white');
    // Options of items outside the package count for nothing.
    expect(brandPrice(starter, { zhi_xiang: 'l' }).price).toBe(4900);
  });

  it('names the choices in its refusal', () => {
    expect(badChoiceMessage('zhi_xiang')).toBe(
      'Box size must be one of: Small (25 × 18 × 6 cm), Medium (32 × 24 × 10 cm), Large (40 × 30 × 14 cm)',
    );
  });

  it("draws an item in its choice's picture when it has one", () => {
    expect(itemPictureFor('bao_zhuang_dai', 'black')).toBe('/branding/items/packaging-bag-black.svg');
    expect(itemPictureFor('diao_pai', 'Kraft brown')).toBe('/branding/items/hang-tag-kraft.svg');
    expect(itemPictureFor('biao_qian', 'satin')).toBe(BRAND_ITEMS.biao_qian.picture);
  });

  it('keeps every print area inside its picture', () => {
    for (const def of Object.values(BRAND_ITEMS)) {
      const a = def.printArea;
      expect(a.x >= 0 && a.y >= 0 && a.x + a.width <= 1 && a.y + a.height <= 1, def.kind).toBe(true);
    }
  });
});

describe('the page form', () => {
  it('starts from the saved record and sends every item of the package, the card as ka_pian_pic', () => {
    const r = record({ ka_pian_pic: '/card.png', options: { ...defaultOptions(starter.items), ka_pian: '2' } });
    const form = formOf(starter, r);
    expect(form.artwork).toEqual({ diao_pai: r.diao_pai, biao_qian: '', ka_pian: '/card.png' });
    const body = saveBodyOf(starter, form);
    expect(body).toMatchObject({ package_id: 1, diao_pai: r.diao_pai, biao_qian: '', ka_pian_pic: '/card.png', diao_pai_info: 'Hello' });
    expect(body.options).toEqual({ diao_pai: 'coated', biao_qian: 'woven', ka_pian: '2' });
    expect(body).not.toHaveProperty('zhi_xiang');
    expect(isDirty(starter, form, r)).toBe(false);
    expect(isDirty(starter, { ...form, skype: 'me' }, r)).toBe(true);
    expect(isDirty(starter, formOf(starter, null), null)).toBe(false);
  });

  it('names what a submit still lacks: the logo first, then each item in order', () => {
    const name = (k: keyof typeof BRAND_ITEMS) => BRAND_ITEMS[k].name;
    expect(missingPart(starter, formOf(starter, record({ logo: '' })), name)).toBe('Logo');
    expect(missingPart(starter, formOf(starter, record()), name)).toBe('Label');
    expect(missingPart(starter, formOf(starter, record({ biao_qian: '/l.png', ka_pian_pic: '/c.png' })), name)).toBeNull();
  });

  it('badges a record by its status, and in use above all', () => {
    expect(statusBadge(null)).toBeNull();
    expect(statusBadge(record())?.text).toBe('Draft');
    expect(statusBadge(record({ status: BrandStatus.SUBMITTED }))?.text).toBe('Waiting for payment');
    expect(statusBadge(record({ status: BrandStatus.PAID }))?.text).toBe('Paid');
    expect(statusBadge(record({ status: BrandStatus.PAID, is_use: 1 }))?.text).toBe('In use');
  });
});
