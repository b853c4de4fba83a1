/**
 * Step "Design": the side panels (text, images, backgrounds), the editor stage with its print
 * area tabs, and beside it the colours, the live mockups and the layers.
 */
import { useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { RenderWorkerHandle } from '../../../workers/client';
import { EditorStage, handleEditorKey, LayersPanel } from '../stage';
import type { DesignSession } from '../state';
import { fillPrices, settlePreview, type DesignerModel } from '../dialog/model';
import { MockupStrip } from '../mockups/MockupStrip';
import { templateSwitch } from '../mockups/template-pick';
import { BackgroundPanel } from '../panels/BackgroundPanel';
import { ImagesPanel } from '../panels/ImagesPanel';
import { TextPanel } from '../panels/TextPanel';
import { OptionChecks } from './OptionChecks';
import { chosenColours, optionErrors, type MultiSelection } from './options';

type PanelTab = 'text' | 'images' | 'background';

const isTextEntry = (t: EventTarget | null): boolean =>
  t instanceof HTMLElement && (t.isContentEditable || t.tagName === 'TEXTAREA' || (t.tagName === 'INPUT' && !['checkbox', 'radio', 'button', 'color', 'file'].includes((t as HTMLInputElement).type)));

export function namesOf(templateData: unknown, key: 'views' | 'flats', idKey: 'viewId' | 'flatId'): Record<string, string> {
  const list = (templateData as Record<string, { name: string; [k: string]: unknown }[]> | null)?.[key] ?? [];
  return Object.fromEntries(list.map((x) => [String(x[idKey]), x.name]));
}

/** Shows `hex` on the stage and mockups: the SKU colour and, when it differs, that colour's template, as one undo step. */
export function previewColour(model: DesignerModel, session: DesignSession, hex: string): void {
  model.previewHex = hex;
  const next = templateSwitch(model.rows, hex, session.state.template);
  session.transact('Colour', () => {
    if (next) session.setTemplate(next);
    session.setColor(hex);
  });
}

export function DesignStep({ model, session, worker }: { model: DesignerModel; session: DesignSession; worker: RenderWorkerHandle | null }) {
  const ids = useId();
  const m = useSnapshot(model);
  const s = useSnapshot(session.state);
  const [tab, setTab] = useState<PanelTab>('text');
  // Snapshots are deeply readonly; the product and template are plain refs, so read them from the live objects.
  const product = m.product ? model.product : null;
  const template = s.template ? session.state.template : session.state.template;
  const flatNames = namesOf(template.templateData, 'flats', 'flatId');
  const viewNames = namesOf(template.templateData, 'views', 'viewId');
  const colours = product ? chosenColours(product.options, m.selection as MultiSelection) : [];

  const setSelection = (next: MultiSelection) => {
    model.selection = next;
    model.formDirty = true;
    const before = model.previewHex;
    settlePreview(model);
    fillPrices(model);
    if (model.previewHex && model.previewHex !== before) previewColour(model, session, model.previewHex);
  };

  return (
    <div className="dz-design" onKeyDown={(e) => {
      // Undo and redo work anywhere in the design step, except in text boxes (which undo their own typing).
      if (e.defaultPrevented || isTextEntry(e.target)) return;
      const k = e.key.toLowerCase();
      if ((e.ctrlKey || e.metaKey) && (k === 'z' || k === 'y') && handleEditorKey(session, e.nativeEvent)) e.preventDefault();
    }}>
      <aside className="dz-left" aria-label="Design tools">
        <div role="tablist" aria-label="Design tools" className="dz-tabs">
          {(['text', 'images', 'background'] as PanelTab[]).map((t) => (
            <button key={t} type="button" role="tab" id={`${ids}-${t}`} aria-selected={tab === t} aria-controls={`${ids}-panel`} onClick={() => setTab(t)}>
              {t === 'text' ? 'Text' : t === 'images' ? 'Images' : 'Background'}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`${ids}-panel`} aria-labelledby={`${ids}-${tab}`}>
          {tab === 'text' && <TextPanel session={session} />}
          {tab === 'images' && <ImagesPanel session={session} />}
          {tab === 'background' && <BackgroundPanel session={session} viewNames={viewNames} />}
        </div>
      </aside>

      <section className="dz-centre" aria-label="Print area">
        <div className="dz-centre-bar">
          <div role="tablist" aria-label="Print areas" className="dz-tabs">
            {template.flatList.map((f) => (
              <button key={f.flatId} type="button" role="tab" aria-selected={s.activeFlatId === f.flatId} onClick={() => session.setActiveFlat(f.flatId)}>
                {flatNames[f.flatId] ?? f.flatId}
              </button>
            ))}
          </div>
        </div>
        <div className="dz-stage">
          <EditorStage session={session} flatLabel={flatNames[s.activeFlatId] ?? 'Print area'} />
        </div>
      </section>

      <aside className="dz-right" aria-label="Preview">
        {product && (
          <>
            <OptionChecks options={product.options} selection={m.selection as MultiSelection} errors={optionErrors(product.options, m.selection as MultiSelection)}
              onChange={setSelection} only={(o) => o.isColor} />
            {colours.length > 1 && (
              <fieldset className="dz-preview-colours">
                <legend>Mockup colour</legend>
                {colours.map((c) => (
                  <label key={c.hex} className="dz-check-inline">
                    <input type="radio" name={`${ids}-preview`} checked={m.previewHex === c.hex} onChange={() => previewColour(model, session, c.hex)} />
                    <span className="swatch" style={{ background: c.hex }} aria-hidden="true" /> Show {c.name}
                  </label>
                ))}
              </fieldset>
            )}
          </>
        )}
        <MockupStrip session={session} worker={worker} viewNames={viewNames} />
        <LayersPanel session={session} />
      </aside>
    </div>
  );
}
