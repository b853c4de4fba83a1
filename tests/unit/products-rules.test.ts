/** Pure rules of saved products: the description sanitiser, variant selection and pricing. */
import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from '../../server/products/sanitize-html';
import { priceVariants, selectVariants, type CatalogOption, type CatalogVariant } from '../../server/products/variants';
import { copyTitle } from '../../server/products/service';
import {
  applyPriceRule,
  DEFAULT_PRICE_RULE,
  PRICE_MAX_CENTS,
  priceRuleError,
  priceTextToCents,
  ProductMessages,
} from '../../contract/products';

describe('sanitizeHtml', () => {
  const cases: [string, string][] = [
    ['<p>Plain <strong>bold</strong> and <em>it</em></p>', '<p>Plain <strong>bold</strong> and <em>it</em></p>'],
    ['<script>alert(1)</script><p>after</p>', '<p>after</p>'],
    ['<p onclick="x()" style="color:red" class="a">text</p>', '<p>text</p>'],
    ['<img src=x onerror=alert(1)>caption', 'caption'],
    ['<a href="javascript:alert(1)">a</a>', '<a>a</a>'],
    ['<a href="&#106;avascript:alert(1)">a</a>', '<a>a</a>'],
    ['<a href=" java\tscript:alert(1)">a</a>', '<a>a</a>'],
    [
      '<a href="https://example.com/?a=1&b=2">ok</a>',
      '<a href="https://example.com/?a=1&amp;b=2" rel="noopener noreferrer nofollow" target="_blank">ok</a>',
    ],
    ['<ul><li>one<li>two</ul>', '<ul><li>one<li>two</li></li></ul>'],
    ['<b>unclosed <i>tags', '<b>unclosed <i>tags</i></b>'],
    ['stray </div> close', 'stray  close'],
    ['1 < 2 and 3 > 2 & so on', '1 &lt; 2 and 3 &gt; 2 &amp; so on'],
    ['<scr<script>ipt>alert(1)</script>', '&lt;scr'],
    ['<!-- <script>x</script> -->kept', 'kept'],
    ['<style>p{}</style><iframe src="x">inner</iframe>end', 'end'],
    ['<svg><script>alert(1)</script></svg>ok', 'ok'],
    ['<p title="a>b">q</p>', '<p>q</p>'],
    ['line<br/>break<br>', 'line<br>break<br>'],
    ['&lt;script&gt; stays text &amp; &nbsp;', '&lt;script&gt; stays text &amp; &nbsp;'],
    ['<script>never closed', ''],
  ];
  for (const [input, output] of cases) {
    it(`cleans ${JSON.stringify(input)}`, () => expect(sanitizeHtml(input)).toBe(output));
  }

  it('never lets a tag outside the allow-list through, whatever the nesting', () => {
    const nasty = '<div><p><<img/src/onerror=alert(1)>><a href=javascript:1 onmouseover=x>y</a><object data=x></object></p></div>';
    const out = sanitizeHtml(nasty);
    expect(out).not.toMatch(/<(img|object|script)/i);
    expect(out).not.toMatch(/\son\w+\s*=/i);
    expect(out.startsWith('<div><p>')).toBe(true);
  });
});

const options: CatalogOption[] = [
  {
    name: 'Color',
    position: 1,
    isColor: true,
    values: [
      { name: 'White', hex: '#FFFFFF' },
      { name: 'Black', hex: '#000000' },
      { name: 'Red', hex: '#FF0000' },
    ],
  },
  {
    name: 'Size',
    position: 2,
    isColor: false,
    values: [
      { name: 'S', hex: null },
      { name: 'M', hex: null },
    ],
  },
];
const variants: CatalogVariant[] = ['White', 'Black', 'Red'].flatMap((c, i) =>
  ['S', 'M'].map((size, j) => ({
    id: 100 + i * 2 + j,
    position: i * 2 + j,
    option1: c,
    option2: size,
    option3: null,
    sku: `${c}-${size}`,
    cost: 1000 + i * 100 + j * 10,
  })),
);
const ids = (vs: readonly { id: number }[]) => vs.map((v) => v.id);

describe('selectVariants', () => {
  it('takes every variant when nothing is picked', () => {
    expect(ids(selectVariants(options, variants, [], {}))).toEqual(ids(variants));
  });
  it('picks colours by hex (any case, 3 or 6 digits normalised upstream) or by name', () => {
    expect(ids(selectVariants(options, variants, [{ id: 'x', color: '#ff0000' }], {}))).toEqual([104, 105]);
    expect(ids(selectVariants(options, variants, [{ id: 'x', color: '#123456', name: 'black' }], {}))).toEqual([102, 103]);
  });
  it('combines colours with picked values of other options', () => {
    expect(
      ids(
        selectVariants(
          options,
          variants,
          [
            { id: 'a', color: '#FFFFFF' },
            { id: 'b', color: '#000000' },
          ],
          { 2: ['m'] },
        ),
      ),
    ).toEqual([101, 103]);
  });
  it('selects nothing when the picked colour is not sold', () => {
    expect(selectVariants(options, variants, [{ id: 'x', color: '#00FF00' }], {})).toEqual([]);
  });
});

describe('priceVariants', () => {
  const rule = DEFAULT_PRICE_RULE;
  it('prices the selection by the rule when no list is given', () => {
    const out = priceVariants(variants, variants.slice(0, 2), undefined, rule);
    expect(out).toEqual(variants.slice(0, 2).map((v) => ({ ...v, price: v.cost * 2 })));
  });
  it('keeps explicit prices, prices the rest by the rule, and orders by catalogue position', () => {
    const out = priceVariants(variants, [], [{ variantId: 103, price: 999 }, { variantId: 100 }], {
      mode: 'markup',
      multiplierPct: 200,
      markupCents: 250,
    });
    expect(out).toEqual([
      { ...variants[0]!, price: 1250 },
      { ...variants[3]!, price: 999 },
    ]);
  });
  it('refuses unknown or repeated variants, bad prices and empty selections', () => {
    expect(priceVariants(variants, [], [{ variantId: 1, price: 100 }], rule)).toEqual({ error: ProductMessages.variantNotInProduct });
    expect(priceVariants(variants, [], [{ variantId: 100 }, { variantId: 100 }], rule)).toEqual({
      error: ProductMessages.variantNotInProduct,
    });
    for (const price of [0, -1, 1.5, PRICE_MAX_CENTS + 1]) {
      expect(priceVariants(variants, [], [{ variantId: 100, price }], rule)).toEqual({ error: ProductMessages.priceInvalid });
    }
    expect(priceVariants(variants, [], [], rule)).toEqual({ error: ProductMessages.noVariants });
    expect(priceVariants(variants, [], undefined, rule)).toEqual({ error: ProductMessages.noVariants });
  });
});

describe('pricing rule', () => {
  it('multiplies or adds, rounds half up to the cent and stays inside the price filter', () => {
    expect(applyPriceRule(1999, { mode: 'multiplier', multiplierPct: 250, markupCents: 0 })).toBe(4998);
    expect(applyPriceRule(1001, { mode: 'multiplier', multiplierPct: 150, markupCents: 0 })).toBe(1502);
    expect(applyPriceRule(1999, { mode: 'markup', multiplierPct: 250, markupCents: 501 })).toBe(2500);
    expect(applyPriceRule(9_000_000, { mode: 'multiplier', multiplierPct: 300, markupCents: 0 })).toBe(PRICE_MAX_CENTS);
    expect(applyPriceRule(0, { mode: 'markup', multiplierPct: 100, markupCents: 0 })).toBe(1);
  });
  it('validates a rule with a message per field', () => {
    expect(priceRuleError(DEFAULT_PRICE_RULE)).toBeNull();
    expect(priceRuleError({ ...DEFAULT_PRICE_RULE, mode: 'x' })).toBe(ProductMessages.modeInvalid);
    expect(priceRuleError({ ...DEFAULT_PRICE_RULE, multiplierPct: 10_001 })).toBe(ProductMessages.multiplierInvalid);
    expect(priceRuleError({ ...DEFAULT_PRICE_RULE, markupCents: -1 })).toBe(ProductMessages.markupInvalid);
    expect(priceRuleError({ ...DEFAULT_PRICE_RULE, markupCents: '5' })).toBe(ProductMessages.markupInvalid);
  });
});

describe('price text', () => {
  it('follows the price rule: up to 5 integer digits and 2 decimals', () => {
    expect(priceTextToCents('12')).toBe(1200);
    expect(priceTextToCents(' 12.5 ')).toBe(1250);
    expect(priceTextToCents('99999.99')).toBe(PRICE_MAX_CENTS);
    for (const bad of ['100000', '1.234', '', '.5', '12.', '-1', '1e3', '12,50']) expect(priceTextToCents(bad), bad).toBeNull();
  });
});

describe('copyTitle', () => {
  it('adds the suffix and keeps within the title limit', () => {
    expect(copyTitle('Tee')).toBe('Tee (Copy)');
    expect(copyTitle('x'.repeat(255))).toHaveLength(255);
  });
});
