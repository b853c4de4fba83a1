/**
 * Step "Design": the side panels (text, images, backgrounds), the editor stage with its print
 * area tabs, and beside it the colours, the live mockups and the layers.
 */
import { useId, useState } from 'react';
import { steppedTab } from '../../ui/tab-keys';
import { useSnapshot } from 'valtio';
import type { RenderWorkerHandle } from '../../../workers/client';
import { EditorStage } from '../stage';
import { LayersPanel } from '../layers/LayersPanel';
import type { Editor } from '../editor';
import { fillPrices, settlePreview, type DesignerModel } from '../model/designer';
import { MockupStrip } from '../mockups/MockupStrip';
import { templateSwitch } from '../model/template-pick';
import { BackgroundPanel } from '../panels/BackgroundPanel';
import { ImagesPanel } from '../panels/ImagesPanel';
import { PhotoPanel } from '../panels/PhotoPanel';
import { isPhotoCustomType } from '../../../contract/photos';
import { TextPanel } from '../panels/TextPanel';
import { PersonalizePanel } from '../panels/PersonalizePanel';
import { OptionChecks } from './OptionChecks';
import { Tabs } from '../../ui/Tabs';
import { chosenColours, optionErrors, type MultiSelection } from '../model/options';

type PanelTab = 'photo' | 'text' | 'images' | 'background';
const PANEL_NAMES: Readonly<Record<PanelTab, string>> = { photo: 'Photo', text: 'Text', images: 'Images', background: 'Background' };
const PANEL_TABS: readonly PanelTab[] = ['text', 'images', 'background'];
/** Photo products put their own panel first. */
const PHOTO_PANEL_TABS: readonly PanelTab[] = ['photo', ...PANEL_TABS];

const isTextEntry = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement &&
  (t.isContentEditable ||
    t.tagName === 'TEXTAREA' ||
    (t.tagName === 'INPUT' && !['checkbox', 'radio', 'button', 'color', 'file'].includes((t as HTMLInputElement).type)));

export function namesOf(templateData: unknown, key: 'views' | 'flats', idKey: 'viewId' | 'flatId'): Record<string, string> {
  const list = (templateData as Record<string, { name: string; [k: string]: unknown }[]> | null)?.[key] ?? [];
  return Object.fromEntries(list.map((x) => [String(x[idKey]), x.name]));
}

/** Shows `hex` on the stage and mockups: the SKU colour and, when it differs, that colour's template, as one undo step. */
export function previewColour(model: DesignerModel, editor: Editor, hex: string): void {
  model.previewHex = hex;
  const next = templateSwitch(model.rows, hex, editor.state.template);
  editor.transact('Colour', () => {
    if (next) editor.setTemplate(next);
    editor.setColor(hex);
  });
}

export function DesignStep({ model, editor, worker }: { model: DesignerModel; editor: Editor; worker: RenderWorkerHandle | null }) {
  const ids = useId();
  const m = useSnapshot(model);
  const s = useSnapshot(editor.state);
  // Photo products (custom types 8, 9) open on their Photo panel.
  const isPhoto = isPhotoCustomType(model.product?.customType);
  const [tab, setTab] = useState<PanelTab>(isPhoto ? 'photo' : 'text');
  // Snapshots are deeply readonly; the product and template are plain refs, so read them from the live objects.
  const product = m.product ? model.product : null;
  const template = s.template ? editor.state.template : editor.state.template;
  const flatNames = namesOf(template.templateData, 'flats', 'flatId');
  const viewNames = namesOf(template.templateData, 'views', 'viewId');
  const colours = product ? chosenColours(product.options, m.selection as MultiSelection) : [];

  const setSelection = (next: MultiSelection) => {
    model.selection = next;
    model.formDirty = true;
    const before = model.previewHex;
    settlePreview(model);
    fillPrices(model);
    if (model.previewHex && model.previewHex !== before) previewColour(model, editor, model.previewHex);
  };

  return (
    <div
      className="dz-design"
      onKeyDown={(e) => {
        // Undo and redo work anywhere in the design step, except in text boxes (which undo their own typing).
        if (e.defaultPrevented || isTextEntry(e.target)) return;
        if (editor.actions.handleKey(e, { only: ['undo', 'redo'] })) e.preventDefault();
      }}
    >
      <aside className="dz-left" aria-label="Design tools">
        <Tabs
          label="Design tools"
          listClassName="dz-tool-tabs"
          value={tab}
          onValueChange={setTab}
          items={(isPhoto ? PHOTO_PANEL_TABS : PANEL_TABS).map((t) => ({ value: t, label: PANEL_NAMES[t] }))}
        >
          {tab === 'photo' && <PhotoPanel editor={editor} flatNames={flatNames} />}
          {tab === 'text' && <TextPanel editor={editor} />}
          {tab === 'images' && <ImagesPanel editor={editor} />}
          {tab === 'background' && <BackgroundPanel editor={editor} viewNames={viewNames} />}
        </Tabs>
        <PersonalizePanel editor={editor} />
      </aside>

      <section className="dz-centre" aria-label="Print area">
        <div className="dz-centre-bar">
          <div
            role="tablist"
            aria-label="Print areas"
            className="dz-tabs"
            onKeyDown={(e) => {
              // Arrow keys, Home and End move between print areas (one tab stop for the list), and
              // stop here: the stage would take the arrows as a nudge of the selected element.
              const flats = template.flatList.map((f) => f.flatId);
              const next = steppedTab(e.key, flats.indexOf(s.activeFlatId), flats.length);
              if (next === null) return;
              e.preventDefault();
              e.stopPropagation();
              editor.setActiveFlat(flats[next]!);
              document.getElementById(`${ids}-flat-${next}`)?.focus();
            }}
          >
            {template.flatList.map((f, i) => (
              <button
                key={f.flatId}
                id={`${ids}-flat-${i}`}
                type="button"
                role="tab"
                aria-selected={s.activeFlatId === f.flatId}
                aria-controls={`${ids}-stage`}
                tabIndex={s.activeFlatId === f.flatId ? 0 : -1}
                onClick={() => editor.setActiveFlat(f.flatId)}
              >
                {flatNames[f.flatId] ?? f.flatId}
              </button>
            ))}
          </div>
        </div>
        <div
          className="dz-stage"
          id={`${ids}-stage`}
          role="tabpanel"
          aria-labelledby={`${ids}-flat-${Math.max(
            0,
            template.flatList.findIndex((f) => f.flatId === s.activeFlatId),
          )}`}
        >
          <EditorStage editor={editor} flatLabel={flatNames[s.activeFlatId] ?? 'Print area'} renderWorker={worker} />
        </div>
      </section>

      <aside className="dz-right" aria-label="Preview">
        {product && (
          <>
            <OptionChecks
              options={product.options}
              selection={m.selection as MultiSelection}
              errors={optionErrors(product.options, m.selection as MultiSelection)}
              onChange={setSelection}
              only={(o) => o.isColor}
            />
            {colours.length > 1 && (
              <fieldset className="dz-preview-colours">
                <legend>Mockup colour</legend>
                {colours.map((c) => (
                  <label key={c.hex} className="dz-check-inline">
                    <input
                      type="radio"
                      name={`${ids}-preview`}
                      checked={m.previewHex === c.hex}
                      onChange={() => previewColour(model, editor, c.hex)}
                    />
                    <span className="swatch" style={{ background: c.hex }} aria-hidden="true" /> Show {c.name}
                  </label>
                ))}
              </fieldset>
            )}
          </>
        )}
        <MockupStrip editor={editor} worker={worker} viewNames={viewNames} />
        <LayersPanel editor={editor} />
      </aside>
    </div>
  );
}
