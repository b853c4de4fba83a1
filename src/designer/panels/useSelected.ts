/** The one selected element on the stage (the panels edit one element at a time), from a snapshot. */
import { useSnapshot } from 'valtio';
import type { DesignElement, TemplateFlat } from '@pod-studio/engine';
import type { Editor } from '../editor';

export function useSelected(editor: Editor): { element: DesignElement | null; flat: TemplateFlat | null; activeFlatId: string } {
  // sync: the text box is controlled by this snapshot, and a deferred update would move the caret.
  const snap = useSnapshot(editor.state, { sync: true });
  const flat = snap.template.flatList.find((f) => f.flatId === snap.activeFlatId) ?? null;
  const id = snap.selection.length === 1 ? snap.selection[0]! : null;
  const design = snap.design.flatDesignList.find((f) => f.flatId === snap.activeFlatId);
  const element = id ? ((design?.designList.find((e) => e.localId === id) ?? null) as DesignElement | null) : null;
  return { element, flat: flat as TemplateFlat | null, activeFlatId: snap.activeFlatId };
}
