/*
 * POD Studio personaliser loader, for a store's product page (Shopify: the app's storefront script
 * loads it; WooCommerce: the snippet adds it with data-platform="woocommerce" and data-shop).
 * It opens the personalisation widget (our page /personalizer/) in a dialog over the product page
 * and, when the buyer confirms, puts the values into the add-to-cart form as hidden fields:
 * Shopify line-item properties (properties[Name]) or, for the WooCommerce snippet, pod_properties[Name],
 * which the snippet stores as order item meta. Messages are taken only from the widget's own frame
 * and origin. While the product has a required field and the buyer has not personalised it,
 * guard() holds the add-to-cart form (a message beside the button, the widget opens).
 * Stable address: /personalizer/loader.js.
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

  /** opts: { platform: 'shopify' | 'woocommerce', shop, product, form, button?, doneText? } */
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

  const isPersonalised = (form) => Boolean(form.querySelector('input[data-pod-property]'));
  const NEEDS_PERSONALISATION = 'Please personalise this product before adding it to the cart.';

  /** Whether the product has a required field: asked once per product; a failed answer holds nothing back. */
  const requirement = new Map();
  function requiredFor(opts) {
    const q = new URLSearchParams({ platform: opts.platform, shop: String(opts.shop), product: String(opts.product) }).toString();
    if (!requirement.has(q)) {
      requirement.set(
        q,
        fetch(`${appOrigin}/prod-api/api/personalizer/required?${q}`, { credentials: 'omit' })
          .then((r) => (r.ok ? r.json() : null))
          .then((body) => Boolean(body && body.code === 200 && body.data && body.data.required === true))
          .catch(() => false),
      );
    }
    return requirement.get(q);
  }

  /** The message beside the add-to-cart button while the form is held; one per form. */
  function notice(opts, text) {
    let node = opts.form.querySelector('[data-pod-notice]');
    if (!text) {
      if (node) node.remove();
      return;
    }
    if (!node) {
      node = document.createElement('p');
      node.setAttribute('data-pod-notice', '');
      node.setAttribute('role', 'alert');
      Object.assign(node.style, { color: '#b00020', margin: '8px 0', fontWeight: '600' });
      const anchor = opts.button || opts.form.querySelector('[type="submit"]');
      if (anchor && anchor.parentNode) anchor.parentNode.insertBefore(node, anchor.nextSibling);
      else opts.form.appendChild(node);
    }
    node.textContent = text;
  }

  /**
   * Holds the add-to-cart form of a product with a required field until the buyer has
   * personalised it: the submission is stopped (before any theme script sees it), a message says
   * why beside the button and the widget opens. Once the hidden fields are in, it goes through.
   * opts: as open().
   */
  function guard(opts) {
    const form = opts.form;
    if (!form || form.hasAttribute('data-pod-guarded')) return;
    form.setAttribute('data-pod-guarded', '');
    const needed = requiredFor(opts);
    let known = null;
    let waiting = false;
    needed.then((v) => (known = v));
    const hold = () => {
      notice(opts, NEEDS_PERSONALISATION);
      open(opts);
    };
    // Capturing on the document runs before the theme's own submit handlers (AJAX carts included).
    document.addEventListener(
      'submit',
      (e) => {
        if (e.target !== form || isPersonalised(form) || known === false) return;
        e.preventDefault();
        e.stopImmediatePropagation();
        if (known === true) {
          hold();
          return;
        }
        // Not answered yet: decide when it is, then submit as the buyer asked (once) or hold.
        if (waiting) return;
        waiting = true;
        const submitter = e.submitter && e.submitter.form === form ? e.submitter : null;
        needed.then((v) => {
          waiting = false;
          if (v) hold();
          else form.requestSubmit(submitter);
        });
      },
      true,
    );
    document.addEventListener('pod:personalized', (e) => {
      if (e.detail && e.detail.form === form) notice(opts, '');
    });
  }

  window.PodPersonalizer = { open, close, guard };

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
    const opts = { platform: 'woocommerce', shop, product, form, button };
    button.addEventListener('click', () => open(opts));
    const cart = form.querySelector('[type="submit"]');
    if (cart && cart.parentNode) cart.parentNode.insertBefore(button, cart);
    else form.appendChild(button);
    guard(opts);
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', addButton);
  else addButton();
})();
