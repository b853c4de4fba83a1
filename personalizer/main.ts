/**
 * The buyer's personalisation widget: a page of ours that a store's product page frames (through
 * the storefront loader, /personalizer/loader.js). It reads the product's personalised fields,
 * shows the buyer a form and the live mockup, checks the values with the same rules the order
 * import applies, and hands the confirmed values to the framing page as cart line properties.
 */
import { checkPersonalValues, unwrap, validateSkuDesign, validateTemplate, withAbsoluteUrls } from '@pod-studio/engine/model';
import type { PersonalizedMessage } from '../contract/personalization';
import { loadProduct, uploadPicture } from './api';
import { el } from './dom';
import { buildForm, filled } from './form';
import { parentOrigin, widgetParams } from './params';
import { startPreview } from './preview';
import { lineProperties } from './properties';
import './personalizer.css';

const root = document.getElementById('personalizer')!;
const target = parentOrigin(location, document.referrer);

function post(message: PersonalizedMessage | { type: 'pod:close' }): void {
  // Only to the page that framed us: what the buyer typed goes nowhere else.
  if (window.parent !== window && target) window.parent.postMessage(message, target);
}

function fail(message: string): void {
  root.removeAttribute('aria-busy');
  root.replaceChildren(el('p', { class: 'pz-error', role: 'alert' }, message));
}

/** Pictures this buyer uploaded here: the only ones a personalisation may carry (the order import checks again). */
const uploaded = new Set<string>();
const ownPicture = (url: string) => uploaded.has(url);
async function upload(file: File) {
  const image = await uploadPicture(file);
  uploaded.add(image.url);
  return image;
}

async function start(): Promise<void> {
  const params = widgetParams(location.search);
  if (!params) return fail('This personaliser was opened without a product.');
  let product;
  try {
    product = await loadProduct(params.platform, params.shop, params.product);
  } catch (err) {
    return fail(err instanceof Error ? err.message : String(err));
  }
  const template = withAbsoluteUrls(unwrap(validateTemplate(product.template)), location.href);
  const design = unwrap(validateSkuDesign(product.design));

  const status = el('p', { class: 'pz-status', role: 'status' });
  const error = el('p', { class: 'pz-error', role: 'alert' });
  const canvas = el('canvas', { class: 'pz-preview', role: 'img', 'aria-label': `Preview of your personalised ${product.title}` });
  const form = el('form', { class: 'pz-form', 'aria-label': 'Personalisation', novalidate: '' });
  const preview = startPreview(canvas, template, design, (m) => (error.textContent = m));
  const values = buildForm(form, product.fields, {
    onChange: (v) => {
      error.textContent = '';
      preview.update(v);
    },
    upload,
    status: (message, isError) => {
      (isError ? error : status).textContent = message;
      if (!isError) error.textContent = '';
    },
  });
  const confirm = el('button', { type: 'submit', class: 'pz-primary' }, 'Add personalisation');
  const cancel = el('button', { type: 'button', class: 'pz-secondary' }, 'Cancel');
  cancel.addEventListener('click', () => post({ type: 'pod:close' }));
  form.append(error, el('div', { class: 'pz-actions' }, confirm, cancel), status);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const checked = checkPersonalValues(design, filled(values), ownPicture);
    if (!checked.ok) {
      error.textContent = checked.reason;
      return;
    }
    status.textContent = 'Personalisation added';
    post({ type: 'pod:personalized', properties: lineProperties(design, checked.value) });
  });
  root.replaceChildren(el('h1', {}, `Personalise ${product.title}`), el('div', { class: 'pz-layout' }, canvas, form));
  root.removeAttribute('aria-busy');
  preview.update({});
}

void start();
