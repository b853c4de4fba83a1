/** Backgrounds per view: colour or picture, show or hide, copy to the other views, remove. */
import { useEffect, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { BackgroundDesign } from '@pod-studio/engine';
import { designerApi, type BackgroundImage } from '../../api/designer';
import type { Editor } from '../editor';
import { colourBackground, copyBackgroundToViews, imageBackground } from './background-rules';

export function BackgroundPanel({ editor, viewNames }: { editor: Editor; viewNames: Readonly<Record<string, string>> }) {
  const ids = useId();
  const snap = useSnapshot(editor.state);
  const views = snap.template.viewList;
  const [viewId, setViewId] = useState(views[0]?.viewId ?? '');
  const [pictures, setPictures] = useState<BackgroundImage[] | null>(null);
  useEffect(() => {
    void designerApi.backgrounds().then((r) => setPictures(r.rows ?? []));
  }, []);
  const bg = (snap.design.BGDesignList.find((b) => b.viewId === viewId) ?? null) as BackgroundDesign | null;

  const set = (next: BackgroundDesign | null) => editor.setBackground(viewId, next);
  const copy = () => {
    if (!bg) return;
    const all = copyBackgroundToViews(editor.state.template, bg);
    editor.transact('Copy background', () => {
      for (const b of all) editor.setBackground(b.viewId, b);
    });
  };

  return (
    <div className="dz-panel dz-bg-panel">
      <label className="dz-field" htmlFor={`${ids}-view`}>
        View
      </label>
      <select id={`${ids}-view`} value={viewId} onChange={(e) => setViewId(e.target.value)}>
        {views.map((v) => (
          <option key={v.viewId} value={v.viewId}>
            {viewNames[v.viewId] ?? v.viewId}
          </option>
        ))}
      </select>
      <div className="dz-row">
        <label className="dz-color">
          Background colour
          <input
            type="color"
            value={bg?.BGType === '1' ? bg.color : '#FFFFFF'}
            onChange={(e) => set({ ...colourBackground(viewId, e.target.value), visible: bg?.visible ?? true })}
          />
        </label>
        <label className="dz-check-inline">
          <input
            type="checkbox"
            checked={bg?.visible ?? false}
            disabled={!bg}
            onChange={(e) => bg && set({ ...bg, visible: e.target.checked })}
          />{' '}
          Show background
        </label>
      </div>
      <div className="dz-row">
        <button type="button" className="btn small" disabled={!bg} onClick={copy}>
          Copy to other views
        </button>
        <button type="button" className="btn small" disabled={!bg} onClick={() => set(null)}>
          Remove background
        </button>
      </div>
      <h4>Background pictures</h4>
      {pictures === null ? (
        <p role="status">Loading…</p>
      ) : (
        <ul className="dz-thumbs">
          {pictures.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className={`dz-thumb${bg?.imageUrl === p.url ? ' checked' : ''}`}
                aria-pressed={bg?.imageUrl === p.url}
                aria-label={`Use ${p.name} as the background`}
                onClick={() => set({ ...imageBackground(viewId, p.url), visible: true })}
              >
                <img src={p.thumbnailUrl} alt="" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
