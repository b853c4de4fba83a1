/**
 * The layers panel: the active flat's elements, front first. Restacking (buttons, Alt+Up/Down on
 * a row), hiding and locking run the editor's layer actions on the row's element; selecting and
 * dragging a row onto another call the editor directly.
 */
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useSnapshot } from 'valtio';
import type { DesignElement } from '@pod-studio/engine/model';
import { elementLabel, type ActionId, type Editor } from '../editor';
import './layers.css';

export function LayersPanel({ editor }: { editor: Editor }) {
  const snap = useSnapshot(editor.state);
  const flat = snap.design.flatDesignList.find((f) => f.flatId === snap.activeFlatId);
  const list = (flat?.designList ?? []) as readonly DesignElement[];
  // Front first, as layer lists read; index is the designList position.
  const rows = list.map((el, index) => ({ el, index })).reverse();
  const [dragging, setDragging] = useState<string | null>(null);
  const rowRefs = useRef(new Map<string, HTMLLIElement>());

  const keepFocus = (id: string) => {
    // Keep focus on the moved row so repeated Alt+Arrow presses keep moving it.
    requestAnimationFrame(() => rowRefs.current.get(id)?.querySelector<HTMLElement>('.layers__name')?.focus());
  };
  const move = (id: string, action: ActionId) => {
    editor.actions.run(action, id);
    keepFocus(id);
  };

  // A row's own keys first (moving it in the stack); then, for a picked row, the stage's keys
  // (arrows nudge, Alt+arrows rotate, Delete removes…), as if the element were picked on the stage.
  const onRowKey = (e: KeyboardEvent, id: string) => {
    const taken =
      editor.actions.handleKey(e, { scope: 'layer', target: id }) ??
      (editor.state.selection.includes(id) ? editor.actions.handleKey(e) : null);
    if (taken) {
      e.preventDefault();
      keepFocus(id);
    }
  };

  const onDrop = (e: DragEvent, index: number) => {
    e.preventDefault();
    if (dragging) editor.reorder(dragging, index);
    setDragging(null);
  };
  const forward = editor.actions.get('layer-forward');
  const backward = editor.actions.get('layer-backward');

  if (rows.length === 0) {
    return (
      <section className="layers" aria-label="Layers">
        <h3 className="layers__title">Layers</h3>
        <p className="layers__empty">No elements on this print area yet.</p>
      </section>
    );
  }

  return (
    <section className="layers" aria-label="Layers">
      <h3 className="layers__title">Layers</h3>
      <ul className="layers__list">
        {rows.map(({ el, index }) => {
          const id = el.localId;
          const name = elementLabel(el);
          const hidden = !!snap.hidden[id];
          const locked = !!snap.locked[id];
          const selected = snap.selection.includes(id);
          return (
            <li
              key={id}
              ref={(node) => void (node ? rowRefs.current.set(id, node) : rowRefs.current.delete(id))}
              className={`layers__row${selected ? ' is-selected' : ''}${dragging === id ? ' is-dragging' : ''}`}
              draggable
              onDragStart={(e) => {
                setDragging(id);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', id);
              }}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => onDrop(e, index)}
              onDragEnd={() => setDragging(null)}
            >
              <button
                type="button"
                className="layers__name"
                aria-pressed={selected}
                disabled={locked || hidden}
                title={locked ? 'Unlock to select' : hidden ? 'Show to select' : undefined}
                onClick={(e) => editor.clickSelect(id, e.shiftKey)}
                onKeyDown={(e) => onRowKey(e, id)}
              >
                <span className="layers__kind" aria-hidden="true">
                  {el.type === 'text' ? 'T' : '▣'}
                </span>
                <span className="layers__label">{name}</span>
              </button>
              <button
                type="button"
                className="layers__icon"
                aria-label={`${forward.label}: ${name}`}
                disabled={index === list.length - 1}
                onClick={() => move(id, 'layer-forward')}
              >
                ↑
              </button>
              <button
                type="button"
                className="layers__icon"
                aria-label={`${backward.label}: ${name}`}
                disabled={index === 0}
                onClick={() => move(id, 'layer-backward')}
              >
                ↓
              </button>
              <button
                type="button"
                className="layers__icon"
                aria-label={`${hidden ? 'Show' : 'Hide'}: ${name}`}
                aria-pressed={hidden}
                onClick={() => editor.actions.run('layer-toggle-hidden', id)}
              >
                {hidden ? 'Show' : 'Hide'}
              </button>
              <button
                type="button"
                className="layers__icon"
                aria-label={`${locked ? 'Unlock' : 'Lock'}: ${name}`}
                aria-pressed={locked}
                onClick={() => editor.actions.run('layer-toggle-locked', id)}
              >
                {locked ? 'Unlock' : 'Lock'}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
