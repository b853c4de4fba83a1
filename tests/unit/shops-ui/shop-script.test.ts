/**
 * The generated Shopify storefront script (src/components/shops/storeScript.ts): the merchant's
 * settings reach the script only as JSON, so text with quotes, backslashes, line separators or
 * "</script>" cannot end the string, the script or an inline <script> tag.
 */
import { describe, expect, it } from 'vitest';
import { buttonSettingsError, buttonSettingsOf, DEFAULT_THEME_BUTTON, storeScript } from '../../../src/components/shops/storeScript';

/** Runs the script against a tiny stand-in product page and answers the button it added. */
function runOnPage(script: string) {
  const added: { text: string; color: string; before: string | null }[] = [];
  const cart = { tag: 'cart' };
  const form = {
    querySelector: () => cart,
    lastElementChild: cart,
    appendChild: () => {},
  };
  const parent = {
    insertBefore(node: { textContent: string; style: { backgroundColor: string } }, ref: unknown) {
      added.push({ text: node.textContent, color: node.style.backgroundColor, before: ref === cart ? 'cart' : null });
    },
  };
  Object.assign(cart, { parentNode: parent, nextSibling: null });
  const document = {
    readyState: 'complete',
    querySelector: (sel: string) => (sel.startsWith('form') ? form : null),
    createElement: () => ({ style: {} as Record<string, string>, setAttribute() {}, addEventListener() {}, textContent: '', type: '' }),
    addEventListener() {},
    dispatchEvent() {},
  };
  // The script only checks that CustomEvent exists; any constructor will do. A page without
  // Shopify's globals: the script finds no product to personalise and loads nothing.
  new Function('document', 'CustomEvent', 'window', script)(document, function CustomEvent() {}, {});
  return added;
}

describe('storeScript', () => {
  it('puts the button text, colour and position in the script', () => {
    expect(runOnPage(storeScript({ buttonText: 'Make it yours', buttonColor: '#ff6600', position: 'above' }))).toEqual([
      { text: 'Make it yours', color: '#ff6600', before: 'cart' },
    ]);
    expect(runOnPage(storeScript({ buttonText: 'Personalize', buttonColor: '#112233', position: 'below' }))).toEqual([
      { text: 'Personalize', color: '#112233', before: null },
    ]);
  });

  it('keeps quotes, backslashes and </script> as plain text that cannot break out', () => {
    const hostile = `"</script><script>alert(1)//\\'\u2028x`;
    expect(hostile.length).toBeLessThanOrEqual(40);
    const script = storeScript({ buttonText: hostile, buttonColor: '#000000', position: 'below' });
    expect(script).not.toMatch(/<\/script/i);
    expect(script).not.toContain('<script');
    expect(script).not.toContain('\u2028');
    expect(runOnPage(script)[0]!.text).toBe(hostile);
  });

  it('is deterministic and falls back to defaults for invalid settings', () => {
    const s = { buttonText: 'A', buttonColor: '#abcdef', position: 'above' } as const;
    expect(storeScript(s)).toBe(storeScript({ ...s }));
    expect(buttonSettingsOf({ buttonColor: 'red;background:url(x)', position: 'sideways' })).toEqual(DEFAULT_THEME_BUTTON);
    expect(buttonSettingsError({ ...s, buttonText: '  ' })).toBe('Please enter the button text');
    expect(buttonSettingsError({ ...s, buttonColor: 'red' })).toBe('Please choose a button colour');
    expect(buttonSettingsError(s)).toBeNull();
  });
});
