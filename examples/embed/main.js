// Embeds the engine from its built package: engine/dist is plain ES modules, so this page needs no
// bundler. `npm run build:engine`, serve the repository root over http (module workers do not
// start from file://) and open /examples/embed/ (see README.md in this folder).
//
// model.js validates the template and builds the design on the page; the rendering runs in the
// package's render worker, which loads the product photo, the picture and any fonts itself.
import { imageDesign, templateDesign, unwrap, validateTemplate, withAbsoluteUrls } from '../../engine/dist/model.js';
import { createEngineWorker } from '../../engine/dist/worker.js';

const canvas = document.querySelector('#mockup');
const status = document.querySelector('#status');
const picker = document.querySelector('#design');
const colour = document.querySelector('#color');
const drop = document.querySelector('#drop');

const worker = createEngineWorker({ name: 'embed-example' });
let template = null;
let picture = null; // { url, width, height, fileName } of the chosen image
let renders = 0;

function show(state, text) {
  document.body.dataset.state = state;
  status.textContent = text;
}

async function loadTemplate() {
  const url = new URL('./template.json', import.meta.url);
  const json = await (await fetch(url)).json();
  // unwrap throws a DataError naming the first problem when the template is not valid. The worker
  // fetches the pictures, where a relative URL would resolve against its script: made absolute here.
  return withAbsoluteUrls(unwrap(validateTemplate(json)), url);
}

async function render() {
  if (!template) return;
  const id = ++renders;
  show('rendering', 'Rendering…');
  const view = template.viewList[0];
  const color = colour.value.toUpperCase();
  const design = picture ? imageDesign(template, picture, { color }) : templateDesign(template, color);
  try {
    const started = performance.now();
    // renderId: a newer render stops an older one still running (a colour dragged quickly).
    const bitmap = await worker.api.renderMockup({
      template,
      design,
      viewId: view.viewId,
      color,
      size: canvas.width,
      renderId: id,
    });
    if (id !== renders) return bitmap.close();
    canvas.getContext('2d').drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    show('drawn', `Drawn in ${Math.round(performance.now() - started)} ms${picture ? ` with ${picture.fileName}` : ''}.`);
  } catch (err) {
    if (id !== renders || /stop render/i.test(err.message)) return;
    show('error', err.message);
  }
}

async function usePicture(file) {
  if (!file || !file.type.startsWith('image/')) return show('error', 'That is not a picture.');
  const bitmap = await createImageBitmap(file).catch(() => null);
  if (!bitmap) return show('error', 'The browser cannot decode that picture.');
  if (picture) URL.revokeObjectURL(picture.url);
  // A blob: URL made here is fetchable by the page's own (same-origin) worker.
  picture = { url: URL.createObjectURL(file), width: bitmap.width, height: bitmap.height, fileName: file.name };
  bitmap.close();
  await render();
}

picker.addEventListener('change', () => usePicture(picker.files[0]));
colour.addEventListener('input', () => render());
drop.addEventListener('dragover', (e) => {
  e.preventDefault();
  drop.classList.add('over');
});
drop.addEventListener('dragleave', () => drop.classList.remove('over'));
drop.addEventListener('drop', (e) => {
  e.preventDefault();
  drop.classList.remove('over');
  usePicture(e.dataTransfer.files[0]);
});

try {
  template = await loadTemplate();
  await render();
} catch (err) {
  show('error', `Could not load the template: ${err.message}`);
}
