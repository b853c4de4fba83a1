/**
 * The designs of a bulk job and how they are placed: images (uploaded, checked by content and
 * size first) and texts, stacked in the order added; a background for the bulk background mode;
 * per print area kind whether it is printed, fitted, filled or kept at size, and where it sits;
 * the colours each product is made in and the title of the saved products.
 */
import { useState } from 'react';
import { BUNDLED_FONTS, DEFAULT_FONT_FACE } from '@pod-studio/engine/layout';
import { TEMPLATE_PLACEHOLDERS } from '../../../contract/bulk';
import { designerApi } from '../../api/designer';
import { checkImageFile } from '../../designer/uploads/check';
import { toast } from '../../state/ui';
import type { BackgroundSource, DesignSource } from '../model/design';
import type { AreaPlacement, FitMode, Anchor } from '../model/placement';
import { textDesign } from '../model/text-size';
import { Button, buttonClass } from '../../ui/Button';
import { Field, Input } from '../../ui/Field';

export interface AreaKind {
  flatId: string;
  name: string;
  /** The first print area of at least one picked product: printed unless the merchant says not. */
  main: boolean;
}

export interface Setup {
  designs: DesignSource[];
  background: BackgroundSource | null;
  areas: Record<string, AreaPlacement>;
  colours: 'first' | 'all';
  titleTemplate: string;
}

const FAMILIES = [...new Set(BUNDLED_FONTS.map((f) => f.family))];

const MODES: [FitMode, string][] = [
  ['fit', 'Fit inside'],
  ['fill', 'Fill the area'],
  ['keep', 'Keep size'],
];
const ANCHORS: [Anchor, string][] = [
  ['center', 'Centred'],
  ['top', 'Top'],
  ['bottom', 'Bottom'],
];

/** Uploads an image for a design; resolves with its source, or null after telling the merchant why not. */
export async function uploadDesignImage(file: File): Promise<Extract<DesignSource, { kind: 'image' }> | null> {
  const bad = await checkImageFile(file, 20);
  if (bad) {
    toast('error', bad);
    return null;
  }
  const up = await designerApi.uploadImage(file, file.name);
  if (up.code !== 200 || !up.data) {
    toast('error', up.msg || 'Upload failed');
    return null;
  }
  return { kind: 'image', url: up.data.url, width: up.data.width, height: up.data.height, fileName: file.name };
}

export function DesignSetup({
  setup,
  kinds,
  background,
  onChange,
}: {
  setup: Setup;
  kinds: AreaKind[];
  background: boolean;
  onChange: (s: Setup) => void;
}) {
  const [text, setText] = useState('');
  const [fill, setFill] = useState('#000000');
  const [font, setFont] = useState(DEFAULT_FONT_FACE.family);
  const [busy, setBusy] = useState(false);

  const addImages = async (files: FileList | null) => {
    if (!files) return;
    setBusy(true);
    const added: DesignSource[] = [];
    for (const f of Array.from(files)) {
      const d = await uploadDesignImage(f);
      if (d) added.push(d);
    }
    setBusy(false);
    if (added.length) onChange({ ...setup, designs: [...setup.designs, ...added] });
  };
  const addText = async () => {
    if (!text.trim()) return;
    setBusy(true);
    try {
      const d = await textDesign(text.trim(), fill, font);
      onChange({ ...setup, designs: [...setup.designs, d] });
      setText('');
    } catch {
      toast('error', 'The font could not be loaded');
    } finally {
      setBusy(false);
    }
  };
  const setBgImage = async (files: FileList | null) => {
    const f = files?.[0];
    if (!f) return;
    setBusy(true);
    const d = await uploadDesignImage(f);
    setBusy(false);
    if (d) onChange({ ...setup, background: { kind: 'image', url: d.url } });
  };
  const area = (k: AreaKind): AreaPlacement => setup.areas[k.flatId] ?? { print: k.main, mode: 'fit', anchor: 'center' };
  const setArea = (k: AreaKind, patch: Partial<AreaPlacement>) =>
    onChange({ ...setup, areas: { ...setup.areas, [k.flatId]: { ...area(k), ...patch } } });

  return (
    <section className="card bulk-section" aria-labelledby="bulk-design-h">
      <h2 id="bulk-design-h">2. Add designs</h2>
      <div className="bulk-designs">
        <label className={buttonClass()}>
          Upload images
          <input
            type="file"
            accept="image/png,image/jpeg"
            multiple
            className="visually-hidden"
            aria-label="Upload images"
            disabled={busy}
            onChange={(e) => void addImages(e.target.files)}
          />
        </label>
        <div className="bulk-text">
          <Input aria-label="Text" placeholder="Add a text" value={text} maxLength={200} onChange={(e) => setText(e.target.value)} />
          <input type="color" aria-label="Text colour" value={fill} onChange={(e) => setFill(e.target.value)} />
          <select aria-label="Font" value={font} onChange={(e) => setFont(e.target.value)}>
            {FAMILIES.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </select>
          <Button disabled={busy || !text.trim()} onClick={() => void addText()}>
            Add text
          </Button>
        </div>
      </div>
      {setup.designs.length > 0 && (
        <ul className="bulk-design-list" aria-label="Designs">
          {setup.designs.map((d, i) => (
            <li key={i}>
              {d.kind === 'image' ? (
                <img src={d.url} alt={d.fileName} width={48} height={48} />
              ) : (
                <span style={{ color: d.fill, fontFamily: d.fontFamily }}>{d.text}</span>
              )}
              <button
                type="button"
                className="link-btn"
                aria-label={`Remove ${d.kind === 'image' ? d.fileName : d.text}`}
                onClick={() => onChange({ ...setup, designs: setup.designs.filter((_, k) => k !== i) })}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {background && (
        <fieldset className="bulk-bg">
          <legend>Background</legend>
          <label>
            Colour{' '}
            <input
              type="color"
              aria-label="Background colour"
              value={setup.background?.kind === 'colour' ? setup.background.color : '#ffffff'}
              onChange={(e) => onChange({ ...setup, background: { kind: 'colour', color: e.target.value.toUpperCase() } })}
            />
          </label>
          <label className={buttonClass()}>
            Background image
            <input
              type="file"
              accept="image/png,image/jpeg"
              className="visually-hidden"
              aria-label="Background image"
              onChange={(e) => void setBgImage(e.target.files)}
            />
          </label>
          {setup.background && (
            <button type="button" className="link-btn" onClick={() => onChange({ ...setup, background: null })}>
              No background
            </button>
          )}
        </fieldset>
      )}

      <h2>3. Place them</h2>
      {kinds.length === 0 ? (
        <p className="muted">Choose products to see their print areas.</p>
      ) : (
        <table className="ui-table bulk-areas">
          <thead>
            <tr>
              <th scope="col">Print area</th>
              <th scope="col">Print</th>
              <th scope="col">Size</th>
              <th scope="col">Position</th>
            </tr>
          </thead>
          <tbody>
            {kinds.map((k) => {
              const a = area(k);
              return (
                <tr key={k.flatId}>
                  <th scope="row">{k.name}</th>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Print on ${k.name}`}
                      checked={a.print}
                      onChange={(e) => setArea(k, { print: e.target.checked })}
                    />
                  </td>
                  <td>
                    <select
                      aria-label={`Size on ${k.name}`}
                      value={a.mode}
                      onChange={(e) => setArea(k, { mode: e.target.value as FitMode })}
                    >
                      {MODES.map(([v, label]) => (
                        <option key={v} value={v}>
                          {label}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td>
                    <select
                      aria-label={`Position on ${k.name}`}
                      value={a.anchor}
                      onChange={(e) => setArea(k, { anchor: e.target.value as Anchor })}
                    >
                      {ANCHORS.map(([v, label]) => (
                        <option key={v} value={v}>
                          {label}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <fieldset className="bulk-colours">
        <legend>Colours</legend>
        <label>
          <input
            type="radio"
            name="bulk-colours"
            checked={setup.colours === 'first'}
            onChange={() => onChange({ ...setup, colours: 'first' })}
          />{' '}
          First colour of each product
        </label>
        <label>
          <input
            type="radio"
            name="bulk-colours"
            checked={setup.colours === 'all'}
            onChange={() => onChange({ ...setup, colours: 'all' })}
          />{' '}
          Every colour
        </label>
      </fieldset>
      <div className="bulk-title">
        <Field
          label="Product title"
          value={setup.titleTemplate}
          maxLength={200}
          onChange={(e) => onChange({ ...setup, titleTemplate: e.target.value })}
        />
      </div>
      <p className="muted">
        Placeholders:{' '}
        {Object.entries(TEMPLATE_PLACEHOLDERS)
          .map(([k, v]) => `${k} (${v})`)
          .join(', ')}
      </p>
    </section>
  );
}
