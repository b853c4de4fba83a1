/*
 * POD Studio personaliser loader, for a store's product page (Shopify: the app's storefront script
 * loads it; WooCommerce: the snippet adds it with data-platform="woocommerce" and data-shop).
 * It opens the personalisation widget (our page /personalizer/) in a dialog over the product page
 * and, when the buyer confirms, puts the values into the add-to-cart form as hidden fields:
 * Shopify line-item properties (properties[Name]) or, for the WooCommerce snippet, pod_properties[Name],
 * which the snippet stores as order item meta. Messages are taken only from the widget's own frame
 * and origin. Stable address: /personalizer/loader.js.
 */
(() => {
  if (window.PodPersonalizer) return;
  const me = document.currentScript;
  if (!me || !me.src) return;
  const widgetUrl = new URL('./', me.src);
  const appOrigin = widgetUrl.origin;
  let current = null;

  const fieldName = (platform, name) => (platform === 'shopify' ? `properties[${name}]` : `pod_properties[${name}]`);
  const isProperty = (p) => p && typeof p.name === 'string' && typeof p.value === 'string' && p.name.length <= 200 && p.value.length <= 20000;

  function apply(form, platform, properties) {
    form.querySelectorAll('input[data-pod-property]').forEach((node) => node.remove());
    for (const p of properties) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = fieldName(platform, p.name);
      input.value = p.value;
      input.setAttribute('data-pod-property', '');
      form.appendChild(input);
    }
  }

  function close() {
    if (!current) return;
    window.removeEventListener('message', current.onMessage);
    document.removeEventListener('keydown', current.onKey, true);
    current.overlay.remove();
    const back = current.returnFocus;
    current = null;
    if (back && typeof back.focus === 'function') back.focus();
  }

  /** opts: { platform: 'shopify' | 'woocommerce', shop, product, form, button? } */
  function open(opts) {
    close();
    const q = new URLSearchParams({ platform: opts.platform, shop: String(opts.shop), product: String(opts.product) });
    const overlay = document.createElement('div');
    overlay.setAttribute('data-pod-overlay', '');
    Object.assign(overlay.style, {
      position: 'fixed',
      inset: '0',
      background: 'rgba(0, 0, 0, 0.55)',
      zIndex: '2147483000',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
    });
    const dialog = document.createElement('div');
    dialog.setAttribute('role', 'dialog');
    dialog.setAttribute('aria-modal', 'true');
    dialog.setAttribute('aria-label', 'Personalise this product');
    Object.assign(dialog.style, {
      position: 'relative',
      width: 'min(960px, 96vw)',
      height: 'min(720px, 92vh)',
      background: '#ffffff',
      borderRadius: '10px',
      overflow: 'hidden',
      boxShadow: '0 10px 40px rgba(0, 0, 0, 0.35)',
    });
    const frame = document.createElement('iframe');
    frame.src = `${widgetUrl.href}?${q.toString()}`;
    frame.title = 'Personalise this product';
    Object.assign(frame.style, { width: '100%', height: '100%', border: '0', display: 'block' });
    const shut = document.createElement('button');
    shut.type = 'button';
    shut.textContent = '×';
    shut.setAttribute('aria-label', 'Close the personaliser');
    Object.assign(shut.style, {
      position: 'absolute',
      top: '6px',
      right: '8px',
      width: '36px',
      height: '36px',
      fontSize: '24px',
      lineHeight: '1',
      border: '0',
      background: 'transparent',
      cursor: 'pointer',
    });
    shut.addEventListener('click', close);
    dialog.append(frame, shut);
    overlay.appendChild(dialog);
    overlay.addEventListener('click', (e) => {
      if (e.target === overlay) close();
    });
    const onKey = (e) => {
      if (e.key === 'Escape') close();
    };
    const onMessage = (e) => {
      if (e.origin !== appOrigin || e.source !== frame.contentWindow) return;
      const d = e.data;
      if (!d || typeof d !== 'object') return;
      if (d.type === 'pod:close') close();
      if (d.type !== 'pod:personalized' || !Array.isArray(d.properties)) return;
      const properties = d.properties.filter(isProperty);
      apply(opts.form, opts.platform, properties);
      if (opts.button) {
        opts.button.setAttribute('data-pod-personalized', '');
        opts.button.textContent = opts.doneText || 'Personalised ✓ (edit)';
      }
      close();
      document.dispatchEvent(new CustomEvent('pod:personalized', { detail: { form: opts.form, properties } }));
    };
    window.addEventListener('message', onMessage);
    document.addEventListener('keydown', onKey, true);
    current = { overlay, onMessage, onKey, returnFocus: document.activeElement };
    document.body.appendChild(overlay);
    frame.focus();
  }

  window.PodPersonalizer = { open, close };

  // The WooCommerce snippet: this tag names the store; the button goes next to the add-to-cart button.
  if (me.dataset.platform !== 'woocommerce') return;
  const shop = me.dataset.shop || location.origin;
  const text = me.dataset.buttonText || 'Personalize';
  function addButton() {
    const form = document.querySelector('form.cart');
    if (!form || form.querySelector('[data-pod-personalize]')) return;
    const idField = form.querySelector('[name="add-to-cart"]');
    const product = me.dataset.product || (idField && idField.value);
    if (!product) return;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'button alt';
    button.setAttribute('data-pod-personalize', '');
    button.textContent = text;
    button.addEventListener('click', () => open({ platform: 'woocommerce', shop, product, form, button }));
    const cart = form.querySelector('[type="submit"]');
    if (cart && cart.parentNode) cart.parentNode.insertBefore(button, cart);
    else form.appendChild(button);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', addButton);
  else addButton();
})();
