/**
 * The layers panel: the active flat's elements, front first. Selecting, showing/hiding, locking
 * and restacking (buttons, Alt+Up/Down on a row, or dragging a row) go through the session.
 */
import { useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useSnapshot } from 'valtio';
import type { DesignElement } from '../../../engine/model/index.ts';
import type { DesignSession } from '../state/session.ts';
import { elementLabel } from '../stage/labels.ts';
import './layers.css';

export function LayersPanel({ session }: { session: DesignSession }) {
  const snap = useSnapshot(session.state);
  const flat = snap.design.flatDesignList.find((f) => f.flatId === snap.activeFlatId);
  const list = (flat?.designList ?? []) as readonly DesignElement[];
  // Front first, as layer lists read; index is the designList position.
  const rows = list.map((el, index) => ({ el, index })).reverse();
  const [dragging, setDragging] = useState<string | null>(null);
  const rowRefs = useRef(new Map<string, HTMLLIElement>());

  const move = (id: string, toIndex: number) => {
    session.reorder(id, toIndex);
    // Keep focus on the moved row so repeated Alt+Arrow presses keep moving it.
    requestAnimationFrame(() => rowRefs.current.get(id)?.querySelector<HTMLElement>('.layers__name')?.focus());
  };

  const onRowKey = (e: KeyboardEvent, id: string, index: number) => {
    if (e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
      e.preventDefault();
      move(id, index + (e.key === 'ArrowUp' ? 1 : -1));
    }
  };

  const onDrop = (e: DragEvent, index: number) => {
    e.preventDefault();
    if (dragging) session.reorder(dragging, index);
    setDragging(null);
  };

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
                onClick={(e) => session.select(e.shiftKey ? (selected ? snap.selection.filter((s) => s !== id) : [...snap.selection, id]) : [id])}
                onKeyDown={(e) => onRowKey(e, id, index)}
              >
                <span className="layers__kind" aria-hidden="true">{el.type === 'text' ? 'T' : '▣'}</span>
                <span className="layers__label">{name}</span>
              </button>
              <button type="button" className="layers__icon" aria-label={`Bring forward: ${name}`} disabled={index === list.length - 1} onClick={() => move(id, index + 1)}>↑</button>
              <button type="button" className="layers__icon" aria-label={`Send backward: ${name}`} disabled={index === 0} onClick={() => move(id, index - 1)}>↓</button>
              <button type="button" className="layers__icon" aria-label={`${hidden ? 'Show' : 'Hide'}: ${name}`} aria-pressed={hidden} onClick={() => session.setHidden(id, !hidden)}>
                {hidden ? 'Show' : 'Hide'}
              </button>
              <button type="button" className="layers__icon" aria-label={`${locked ? 'Unlock' : 'Lock'}: ${name}`} aria-pressed={locked} onClick={() => session.setLocked(id, !locked)}>
                {locked ? 'Unlock' : 'Lock'}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
