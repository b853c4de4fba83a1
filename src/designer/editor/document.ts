/**
 * The document part of the editor core: the one source of truth for what the designer edits.
 * The stage, the layers panel, the text and image panels, the mockups and saving all read
 * `state` (a valtio proxy) and change it only through the methods here (the Editor exposes
 * them), so every change lands in one undo history and bumps one revision. Selection and the
 * layers panel's hidden/locked sets live here too, because deleting, undoing or switching
 * template must prune them in the same step.
 *
 * Undo merge rules (kept in history.ts): changes passed the same `merge` key in a row join one
 * undo step (a drag, a run of nudges, a typing burst) until `seal()` (pointer up, text box blur,
 * save) or any other change in between; `transact` makes several changes one step.
 */
import { proxy, ref, snapshot } from 'valtio';
import {
  newLocalId,
  parseHexColor,
  splitTextLines,
  type BackgroundDesign,
  type CustomTemplate,
  type DesignElement,
  type FlatDesign,
  type SkuDesign,
} from '@pod-studio/engine/model';
import { History, type DocPart } from './history.ts';
import { carryDesignToTemplate, emptyDesign, flatDesignFor } from './template-switch.ts';

export { emptyDesign };

export interface EditorState {
  /**
   * The current template (switches with colour). Held as a valtio `ref`: it is large, read-only
   * data, so it is not made reactive; replacing it (setTemplate) is what notifies.
   */
  template: CustomTemplate;
  /** The document: flatDesignList[].designList, BGDesignList, color, styleId. */
  design: SkuDesign;
  /** The print area on the stage. */
  activeFlatId: string;
  /** localIds of the selected elements on the active flat. */
  selection: string[];
  /** Layers panel: hidden localIds (drawn neither on the stage nor on mockups; not selectable). */
  hidden: Record<string, true>;
  /** Layers panel: locked localIds (not selectable or movable on the stage). */
  locked: Record<string, true>;
  /** Bumps on every document change, undo and redo included (mockups re-render on it). */
  revision: number;
  /** Changed since the last markSaved(); undoing back to the saved point makes it clean again. */
  dirty: boolean;
}

export interface DesignDocument {
  readonly state: EditorState;
  /** Adds on top of the flat's stack; a localId already in the document is replaced by a new one. Selects it unless select is false. */
  /** Adds on top of its flat, or at `index` in its stack (0 is the bottom). */
  addElement(flatId: string, el: DesignElement, opts?: { select?: boolean; index?: number }): void;
  /**
   * Changes fields of an element (localId, type and flatId stay). Changes with the same merge key
   * in a row (a drag, a typing burst) are one undo step. Setting `text` also sets `textLines`.
   */
  updateElement(localId: string, patch: Partial<DesignElement>, opts?: { merge?: string }): void;
  removeElements(localIds: string[]): void;
  /** Moves an element within its flat's designList (index 0 is the back, the last is the front). */
  reorder(localId: string, toIndex: number): void;
  /** Copies on top of their flats, offset by DUPLICATE_OFFSET, selected; returns the new localIds. */
  duplicate(localIds: string[]): string[];
  /** Sets (or with null removes) the background of one view. */
  setBackground(viewId: string, bg: BackgroundDesign | null): void;
  /** The SKU colour; flats whose colour follows the SKU colour (customColor 1) take it too. */
  setColor(hex: string): void;
  /** Switches template keeping each flat's elements (by flatId, else by position), scaled when the flat size differs. */
  setTemplate(template: CustomTemplate): void;
  setActiveFlat(flatId: string): void;
  select(localIds: string[]): void;
  setHidden(localId: string, hidden: boolean): void;
  setLocked(localId: string, locked: boolean): void;
  /** Runs several changes as one undo step. */
  transact(label: string, fn: () => void): void;
  undo(): void;
  redo(): void;
  canUndo(): boolean;
  canRedo(): boolean;
  /** Ends any merge burst and records the current document as saved (dirty becomes false). */
  markSaved(): void;
  /** Ends the current merge burst: the next change starts a new undo step (end of a drag). */
  seal(): void;
  /** A plain, structured-cloneable copy. */
  toJSON(): { template: CustomTemplate; design: SkuDesign };
  /** The element (frozen: change it with updateElement) and its flat, or null. Reads the live state (use inside handlers, not render). */
  find(localId: string): { flatId: string; index: number; element: DesignElement } | null;
}

/** Design px a duplicate is shifted from its original, so it does not hide exactly under it. */
export const DUPLICATE_OFFSET = 10;

// Fields an update must not change: identity and where the element lives.
const FIXED_FIELDS = new Set(['localId', 'type', 'flatId']);

const clone = <T>(value: T): T => structuredClone(value);

/** `value` and everything in it made read-only, in place. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/**
 * A design list as the document keeps it: frozen, held by reference (not made reactive), its
 * elements frozen too; a change puts a new list in its place. valtio otherwise tracks every
 * element and every field, and with a thousand elements each snapshot after a change walked and
 * copied them all (a drag takes one on every pointer move). A flat design still notifies when its
 * list is replaced, an unchanged element stays the same object in every list, and the history
 * keeps lists without copying them.
 */
function keptList(list: readonly DesignElement[]): DesignElement[] {
  for (const el of list) deepFreeze(el);
  Object.freeze(list);
  return ref(list as DesignElement[]);
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A flat design whose list is kept as keptList says. */
function withKeptList(flat: FlatDesign): FlatDesign {
  return { ...flat, designList: keptList(flat.designList) };
}

/** `list` with `count` elements at `index` replaced by `items` (a new, kept list). */
function spliced(list: readonly DesignElement[], index: number, count: number, ...items: DesignElement[]): DesignElement[] {
  const next = list.slice();
  next.splice(index, count, ...items);
  return keptList(next);
}

export function createDocument(init: { template: CustomTemplate; design?: SkuDesign }): DesignDocument {
  const design = init.design ? clone(init.design) : emptyDesign(init.template);
  // Every template flat has a flat design, so adding to any flat never has to create one.
  for (const flat of init.template.flatList) {
    if (!design.flatDesignList.some((f) => f.flatId === flat.flatId)) design.flatDesignList.push(flatDesignFor(flat, design.color));
  }
  design.flatDesignList = design.flatDesignList.map(withKeptList);
  const state = proxy<EditorState>({
    template: ref(init.template),
    design,
    activeFlatId: init.template.flatList[0]?.flatId ?? '',
    selection: [],
    hidden: {},
    locked: {},
    revision: 0,
    dirty: false,
  });
  const history = new History();
  let touches = 0;

  // --- parts of the document the history can restore ------------------------------------

  const flatIndex = (flatId: string) => state.design.flatDesignList.findIndex((f) => f.flatId === flatId);

  const flatPart = (flatId: string): DocPart => ({
    read: () => {
      const i = flatIndex(flatId);
      return i < 0 ? null : snapshot(state.design.flatDesignList[i]!);
    },
    write: (value) => {
      const i = flatIndex(flatId);
      if (value === null) {
        if (i >= 0) state.design.flatDesignList.splice(i, 1);
      } else if (i >= 0) state.design.flatDesignList[i] = withKeptList(clone(value as FlatDesign));
      else state.design.flatDesignList.push(withKeptList(clone(value as FlatDesign)));
    },
  });
  const flatsPart: DocPart = {
    read: () => snapshot(state.design.flatDesignList),
    write: (value) => void (state.design.flatDesignList = clone(value as FlatDesign[]).map(withKeptList)),
  };
  const bgPart: DocPart = {
    read: () => snapshot(state.design.BGDesignList),
    write: (value) => void (state.design.BGDesignList = clone(value as BackgroundDesign[])),
  };
  const colorPart: DocPart = {
    read: () => state.design.color,
    write: (value) => void (state.design.color = value as string),
  };
  const templatePart: DocPart = {
    read: () => state.template,
    write: (value) => void (state.template = ref(value as CustomTemplate)),
  };

  const touch = (key: string, part: DocPart) => {
    history.touch(key, part);
    touches += 1;
  };
  const touchFlat = (flatId: string) => touch(`flat:${flatId}`, flatPart(flatId));

  /** One document change: recorded in the history, revision and dirty kept in step. */
  const change = (label: string, merge: string | null, fn: () => void) => {
    const before = touches;
    history.record(label, merge, fn);
    if (touches !== before) afterChange();
  };

  const afterChange = () => {
    state.revision += 1;
    state.dirty = history.isDirty();
  };

  // --- lookups ------------------------------------------------------------------------------

  const find = (localId: string) => {
    for (const flat of state.design.flatDesignList) {
      // The list itself is a plain frozen array (keptList): scanning it costs no proxy traps.
      const index = flat.designList.findIndex((el) => el.localId === localId);
      if (index >= 0) return { flatId: flat.flatId, index, element: flat.designList[index]! };
    }
    return null;
  };

  const ensureFlat = (flatId: string): FlatDesign | null => {
    const i = flatIndex(flatId);
    if (i >= 0) return state.design.flatDesignList[i]!;
    const templateFlat = state.template.flatList.find((f) => f.flatId === flatId);
    if (!templateFlat) return null;
    touch('flats', flatsPart);
    state.design.flatDesignList.push(withKeptList(flatDesignFor(templateFlat, state.design.color)));
    return state.design.flatDesignList[state.design.flatDesignList.length - 1]!;
  };

  /** Drops selection, hidden and locked entries of elements that no longer exist. */
  const pruneViewState = () => {
    const exists = (id: string) => find(id) !== null;
    const activeIds = new Set(state.design.flatDesignList.find((f) => f.flatId === state.activeFlatId)?.designList.map((e) => e.localId));
    const selection = state.selection.filter((id) => activeIds.has(id));
    if (selection.length !== state.selection.length) state.selection = selection;
    for (const map of [state.hidden, state.locked]) {
      for (const id of Object.keys(map)) if (!exists(id)) delete map[id];
    }
    if (!state.template.flatList.some((f) => f.flatId === state.activeFlatId)) {
      state.activeFlatId = state.template.flatList[0]?.flatId ?? '';
    }
  };

  // --- commands -----------------------------------------------------------------------------

  const doc: DesignDocument = {
    state,

    addElement(flatId, el, opts = {}) {
      let added: string | null = null;
      change('Add', null, () => {
        const flat = ensureFlat(flatId);
        if (!flat) return;
        touchFlat(flatId);
        const copy = clone(el);
        copy.flatId = flatId;
        if (copy.localId === '' || find(copy.localId) !== null) copy.localId = newLocalId();
        const at =
          opts.index === undefined ? flat.designList.length : Math.max(0, Math.min(flat.designList.length, Math.floor(opts.index)));
        flat.designList = spliced(flat.designList, at, 0, copy);
        added = copy.localId;
      });
      if (added !== null && opts.select !== false) {
        if (state.activeFlatId !== flatId) state.activeFlatId = flatId;
        state.selection = [added];
      }
    },

    updateElement(localId, patch, opts = {}) {
      const found = find(localId);
      if (!found) return;
      const el = found.element as unknown as Record<string, unknown>;
      const fields: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(patch)) {
        if (!FIXED_FIELDS.has(key) && value !== undefined && !sameValue(el[key], value)) fields[key] = value;
      }
      if (found.element.type === 'text' && typeof fields.text === 'string' && !('textLines' in patch)) {
        fields.textLines = splitTextLines(fields.text);
      }
      if (Object.keys(fields).length === 0) return;
      change('Edit', opts.merge ?? null, () => {
        touchFlat(found.flatId);
        const flat = state.design.flatDesignList[flatIndex(found.flatId)]!;
        flat.designList = spliced(flat.designList, found.index, 1, { ...found.element, ...clone(fields) } as DesignElement);
      });
    },

    removeElements(localIds) {
      const ids = new Set(localIds);
      change('Delete', null, () => {
        for (const flat of state.design.flatDesignList) {
          if (!flat.designList.some((el) => ids.has(el.localId))) continue;
          touchFlat(flat.flatId);
          flat.designList = keptList(flat.designList.filter((el) => !ids.has(el.localId)));
        }
      });
      pruneViewState();
    },

    reorder(localId, toIndex) {
      const found = find(localId);
      if (!found) return;
      const flat = state.design.flatDesignList[flatIndex(found.flatId)]!;
      const target = Math.max(0, Math.min(flat.designList.length - 1, Math.trunc(toIndex)));
      if (target === found.index) return;
      change('Reorder', null, () => {
        touchFlat(found.flatId);
        const without = flat.designList.filter((_, i) => i !== found.index);
        flat.designList = spliced(without, target, 0, found.element);
      });
    },

    duplicate(localIds) {
      const made: string[] = [];
      change('Duplicate', null, () => {
        for (const id of localIds) {
          const found = find(id);
          if (!found) continue;
          touchFlat(found.flatId);
          const copy = clone(found.element);
          copy.localId = newLocalId();
          copy.designId = found.element.designId;
          copy.left += DUPLICATE_OFFSET;
          copy.top += DUPLICATE_OFFSET;
          const flat = state.design.flatDesignList[flatIndex(found.flatId)]!;
          flat.designList = spliced(flat.designList, flat.designList.length, 0, copy);
          made.push(copy.localId);
        }
      });
      if (made.length > 0) state.selection = made.filter((id) => find(id)?.flatId === state.activeFlatId);
      return made;
    },

    setBackground(viewId, bg) {
      const list = state.design.BGDesignList;
      const i = list.findIndex((b) => b.viewId === viewId);
      if (bg === null && i < 0) return;
      if (bg !== null && i >= 0 && sameValue(snapshot(list[i]!), { ...bg, viewId })) return;
      change('Background', null, () => {
        touch('bg', bgPart);
        if (bg === null) list.splice(i, 1);
        else if (i >= 0) list[i] = clone({ ...bg, viewId });
        else list.push(clone({ ...bg, viewId }));
      });
    },

    setColor(hex) {
      // Not a colour: nothing changes (callers check the option's hex before they get here).
      const color = parseHexColor(hex);
      if (color === null) return;
      const follows = new Set(state.template.flatList.filter((f) => f.flatData.customColor === 1).map((f) => f.flatId));
      const stale = state.design.flatDesignList.filter((f) => follows.has(f.flatId) && f.color !== color);
      if (state.design.color === color && stale.length === 0) return;
      change('Colour', null, () => {
        touch('color', colorPart);
        state.design.color = color;
        for (const flat of stale) {
          touchFlat(flat.flatId);
          flat.color = color;
        }
      });
    },

    setTemplate(template) {
      if (template === state.template) return;
      change('Template', null, () => {
        touch('template', templatePart);
        touch('flats', flatsPart);
        const current = snapshot(state.design.flatDesignList) as FlatDesign[];
        state.design.flatDesignList = carryDesignToTemplate(state.template, template, current, state.design.color).map(withKeptList);
        state.template = ref(template);
      });
      pruneViewState();
    },

    setActiveFlat(flatId) {
      if (flatId === state.activeFlatId || !state.template.flatList.some((f) => f.flatId === flatId)) return;
      state.activeFlatId = flatId;
      state.selection = [];
    },

    select(localIds) {
      const flat = state.design.flatDesignList.find((f) => f.flatId === state.activeFlatId);
      const onFlat = new Set(flat?.designList.map((e) => e.localId));
      const next = [...new Set(localIds)].filter((id) => onFlat.has(id) && !state.locked[id] && !state.hidden[id]);
      if (next.length === state.selection.length && next.every((id, i) => state.selection[i] === id)) return;
      state.selection = next;
    },

    setHidden(localId, hidden) {
      if (hidden) {
        state.hidden[localId] = true;
        // A hidden element cannot be seen, so it must not be moved or deleted by a key press either.
        if (state.selection.includes(localId)) state.selection = state.selection.filter((id) => id !== localId);
      } else delete state.hidden[localId];
    },

    setLocked(localId, locked) {
      if (locked) {
        state.locked[localId] = true;
        if (state.selection.includes(localId)) state.selection = state.selection.filter((id) => id !== localId);
      } else delete state.locked[localId];
    },

    transact(label, fn) {
      change(label, null, fn);
      pruneViewState();
    },

    undo() {
      if (!history.undo()) return;
      afterChange();
      pruneViewState();
    },

    redo() {
      if (!history.redo()) return;
      afterChange();
      pruneViewState();
    },

    canUndo: () => history.canUndo(),
    canRedo: () => history.canRedo(),

    markSaved() {
      history.markSaved();
      state.dirty = false;
    },

    seal() {
      history.seal();
    },

    toJSON() {
      return { template: state.template, design: clone(snapshot(state.design)) as SkuDesign };
    },

    find(localId) {
      return find(localId);
    },
  };
  return doc;
}
