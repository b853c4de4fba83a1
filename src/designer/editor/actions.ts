/**
 * The action registry: every editor command once, with its id, its label, its key bindings,
 * when it can run, and what it does. One list feeds the keyboard shortcuts (the stage's and a
 * layers-panel row's), the stage toolbar and the layers panel, so a button and its shortcut
 * can never disagree about what they do or when they are available.
 */
import type { CommandContext } from './commands.ts';
import { duplicateSelected, flipSelected, nudge, removeSelected, restackSelected, rotateSelected, scaleSelected } from './commands.ts';
import { ZOOM_STEP } from './geometry.ts';

/**
 * What actions run against: the document commands plus the view's zoom. The Editor is one; the
 * registry names only what it uses so the core's files import each other one way.
 */
export interface ActionTarget extends CommandContext {
  zoomBy(factor: number): void;
  fit(): void;
}

/** A key press as the registry reads it (a DOM KeyboardEvent fits). */
export interface KeyInput {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

/**
 * One key binding. `key` is KeyboardEvent.key, single characters in lower case. `mod` is Ctrl
 * or ⌘ and must match exactly (absent: not held; 'any': free). `shift` and `alt` must match
 * when given and are free when absent.
 */
export interface KeyBinding {
  key: string;
  mod?: boolean | 'any';
  shift?: boolean;
  alt?: boolean;
}

/** Where a key press happened: on the stage, or on a row of the layers panel (the row's element is the target). */
export type KeyScope = 'stage' | 'layer';

export type ActionId =
  | 'undo'
  | 'redo'
  | 'duplicate'
  | 'delete'
  | 'deselect'
  | 'flip-horizontal'
  | 'flip-vertical'
  | 'bring-forward'
  | 'send-backward'
  | 'nudge-left'
  | 'nudge-right'
  | 'nudge-up'
  | 'nudge-down'
  | 'nudge-left-10'
  | 'nudge-right-10'
  | 'nudge-up-10'
  | 'nudge-down-10'
  | 'rotate-left'
  | 'rotate-right'
  | 'rotate-left-15'
  | 'rotate-right-15'
  | 'scale-up'
  | 'scale-down'
  | 'zoom-in'
  | 'zoom-out'
  | 'zoom-fit'
  | 'layer-forward'
  | 'layer-backward'
  | 'layer-toggle-hidden'
  | 'layer-toggle-locked';

export interface EditorAction {
  readonly id: ActionId;
  /** Accessible name of the control that runs it. */
  readonly label: string;
  /** Visible text of its toolbar button where it differs from the label (then the label is the aria-label). */
  readonly text?: string;
  readonly kbd?: readonly KeyBinding[];
  /** Which key scope its bindings listen in; default the stage. */
  readonly scope?: KeyScope;
  /**
   * A matching key press while the predicate says no: 'swallow' still takes the key (it does
   * nothing, and the page does not see it either), 'pass' leaves it to the page (default).
   */
  readonly whenDisabled?: 'swallow' | 'pass';
  /** Whether it can run now (buttons are disabled otherwise). `target` is a layer row's element. */
  readonly predicate?: (editor: ActionTarget, target?: string) => boolean;
  readonly perform: (editor: ActionTarget, target?: string) => void;
}

const normaliseKey = (key: string) => (key.length === 1 ? key.toLowerCase() : key);

export function bindingMatches(b: KeyBinding, e: KeyInput): boolean {
  if (normaliseKey(b.key) !== normaliseKey(e.key)) return false;
  if (b.mod !== 'any' && (b.mod ?? false) !== (e.ctrlKey || e.metaKey)) return false;
  if (b.shift !== undefined && b.shift !== e.shiftKey) return false;
  if (b.alt !== undefined && b.alt !== e.altKey) return false;
  return true;
}

export class ActionRegistry {
  private readonly byId = new Map<ActionId, EditorAction>();

  constructor(
    private readonly editor: ActionTarget,
    actions: readonly EditorAction[] = [],
  ) {
    for (const a of actions) this.register(a);
  }

  /** Adds an action, or replaces the one with its id. */
  register(action: EditorAction): void {
    this.byId.set(action.id, action);
  }

  get(id: ActionId): EditorAction {
    const a = this.byId.get(id);
    if (!a) throw new Error(`no editor action '${id}'`);
    return a;
  }

  list(): EditorAction[] {
    return [...this.byId.values()];
  }

  isEnabled(id: ActionId, target?: string): boolean {
    const a = this.get(id);
    return a.predicate ? a.predicate(this.editor, target) : true;
  }

  /** Runs the action when it is enabled; returns whether it ran. */
  run(id: ActionId, target?: string): boolean {
    if (!this.isEnabled(id, target)) return false;
    this.get(id).perform(this.editor, target);
    return true;
  }

  /** The actions of `scope` bound to this key press. */
  match(e: KeyInput, scope: KeyScope = 'stage'): EditorAction[] {
    return this.list().filter((a) => (a.scope ?? 'stage') === scope && (a.kbd ?? []).some((b) => bindingMatches(b, e)));
  }

  /**
   * Handles a key press: runs the one action bound to it (several matching run none, so a
   * conflicting registration shows up as a dead key rather than a surprise). Returns the id of
   * the action that took the key, or null when the key is not the editor's to take.
   */
  handleKey(e: KeyInput, opts: { scope?: KeyScope; target?: string; only?: readonly ActionId[] } = {}): ActionId | null {
    const found = this.match(e, opts.scope).filter((a) => !opts.only || opts.only.includes(a.id));
    if (found.length !== 1) return null;
    const a = found[0]!;
    if (this.run(a.id, opts.target)) return a.id;
    return a.whenDisabled === 'swallow' ? a.id : null;
  }
}

const hasSelection = (ed: ActionTarget) => ed.state.selection.length > 0;

/** The layer row's element index in its flat, and the flat's length. */
function layerSlot(ed: ActionTarget, id: string | undefined): { index: number; length: number } | null {
  if (id === undefined) return null;
  const found = ed.find(id);
  if (!found) return null;
  const length = ed.state.design.flatDesignList.find((f) => f.flatId === found.flatId)?.designList.length ?? 0;
  return { index: found.index, length };
}

function nudgeAction(id: ActionId, label: string, key: string, dx: number, dy: number, shift: boolean): EditorAction {
  // Left and right with Alt rotate instead; up and down ignore Alt.
  const alt = key === 'ArrowLeft' || key === 'ArrowRight' ? { alt: false } : {};
  return { id, label, kbd: [{ key, shift, ...alt }], predicate: hasSelection, perform: (ed) => nudge(ed, dx, dy) };
}

function rotateAction(id: ActionId, label: string, key: string, degrees: number, shift: boolean): EditorAction {
  return { id, label, kbd: [{ key, alt: true, shift }], predicate: hasSelection, perform: (ed) => rotateSelected(ed, degrees) };
}

/** Design px an arrow key moves the selection; with Shift, NUDGE_FAR. */
export const NUDGE = 1;
export const NUDGE_FAR = 10;
/** Degrees Alt+Left/Right turns the selection; with Shift, ROTATE_FAR. */
export const ROTATE_STEP = 1;
export const ROTATE_FAR = 15;
/** Scale factor of one + or − press. */
export const SCALE_STEP = 1.05;

/** Every action the designer has. */
export function defaultActions(): EditorAction[] {
  return [
    {
      id: 'undo',
      label: 'Undo',
      kbd: [{ key: 'z', mod: true, shift: false }],
      whenDisabled: 'swallow',
      predicate: (ed) => ed.canUndo(),
      perform: (ed) => ed.undo(),
    },
    {
      id: 'redo',
      label: 'Redo',
      kbd: [
        { key: 'z', mod: true, shift: true },
        { key: 'y', mod: true },
      ],
      whenDisabled: 'swallow',
      predicate: (ed) => ed.canRedo(),
      perform: (ed) => ed.redo(),
    },
    {
      id: 'duplicate',
      label: 'Duplicate selection',
      text: 'Duplicate',
      kbd: [{ key: 'd', mod: true }],
      whenDisabled: 'swallow',
      predicate: hasSelection,
      perform: duplicateSelected,
    },
    {
      id: 'delete',
      label: 'Delete selection',
      text: 'Delete',
      kbd: [{ key: 'Delete' }, { key: 'Backspace' }],
      whenDisabled: 'swallow',
      predicate: hasSelection,
      perform: removeSelected,
    },
    { id: 'deselect', label: 'Deselect', kbd: [{ key: 'Escape' }], predicate: hasSelection, perform: (ed) => ed.select([]) },
    { id: 'flip-horizontal', label: 'Flip horizontal', predicate: hasSelection, perform: (ed) => flipSelected(ed, 'x') },
    { id: 'flip-vertical', label: 'Flip vertical', predicate: hasSelection, perform: (ed) => flipSelected(ed, 'y') },
    {
      id: 'bring-forward',
      label: 'Bring forward',
      kbd: [{ key: ']', mod: true }],
      whenDisabled: 'swallow',
      predicate: hasSelection,
      perform: (ed) => restackSelected(ed, 1),
    },
    {
      id: 'send-backward',
      label: 'Send backward',
      kbd: [{ key: '[', mod: true }],
      whenDisabled: 'swallow',
      predicate: hasSelection,
      perform: (ed) => restackSelected(ed, -1),
    },
    nudgeAction('nudge-left', 'Nudge left', 'ArrowLeft', -NUDGE, 0, false),
    nudgeAction('nudge-right', 'Nudge right', 'ArrowRight', NUDGE, 0, false),
    nudgeAction('nudge-up', 'Nudge up', 'ArrowUp', 0, -NUDGE, false),
    nudgeAction('nudge-down', 'Nudge down', 'ArrowDown', 0, NUDGE, false),
    nudgeAction('nudge-left-10', `Nudge left ${NUDGE_FAR} px`, 'ArrowLeft', -NUDGE_FAR, 0, true),
    nudgeAction('nudge-right-10', `Nudge right ${NUDGE_FAR} px`, 'ArrowRight', NUDGE_FAR, 0, true),
    nudgeAction('nudge-up-10', `Nudge up ${NUDGE_FAR} px`, 'ArrowUp', 0, -NUDGE_FAR, true),
    nudgeAction('nudge-down-10', `Nudge down ${NUDGE_FAR} px`, 'ArrowDown', 0, NUDGE_FAR, true),
    rotateAction('rotate-left', 'Rotate left', 'ArrowLeft', -ROTATE_STEP, false),
    rotateAction('rotate-right', 'Rotate right', 'ArrowRight', ROTATE_STEP, false),
    rotateAction('rotate-left-15', `Rotate left ${ROTATE_FAR}°`, 'ArrowLeft', -ROTATE_FAR, true),
    rotateAction('rotate-right-15', `Rotate right ${ROTATE_FAR}°`, 'ArrowRight', ROTATE_FAR, true),
    {
      id: 'scale-up',
      label: 'Scale up',
      kbd: [{ key: '+' }, { key: '=' }],
      predicate: hasSelection,
      perform: (ed) => scaleSelected(ed, SCALE_STEP),
    },
    {
      id: 'scale-down',
      label: 'Scale down',
      kbd: [{ key: '-' }],
      predicate: hasSelection,
      perform: (ed) => scaleSelected(ed, 1 / SCALE_STEP),
    },
    { id: 'zoom-out', label: 'Zoom out', text: '−', perform: (ed) => ed.zoomBy(1 / ZOOM_STEP) },
    { id: 'zoom-in', label: 'Zoom in', text: '+', perform: (ed) => ed.zoomBy(ZOOM_STEP) },
    { id: 'zoom-fit', label: 'Fit', perform: (ed) => ed.fit() },
    // A layer row's own buttons and keys act on that row's element, not on the selection.
    {
      id: 'layer-forward',
      label: 'Bring forward',
      scope: 'layer',
      kbd: [{ key: 'ArrowUp', alt: true, mod: 'any' }],
      whenDisabled: 'swallow',
      predicate: (ed, id) => {
        const s = layerSlot(ed, id);
        return s !== null && s.index < s.length - 1;
      },
      perform: (ed, id) => {
        const s = layerSlot(ed, id);
        if (s && id !== undefined) ed.reorder(id, s.index + 1);
      },
    },
    {
      id: 'layer-backward',
      label: 'Send backward',
      scope: 'layer',
      kbd: [{ key: 'ArrowDown', alt: true, mod: 'any' }],
      whenDisabled: 'swallow',
      predicate: (ed, id) => {
        const s = layerSlot(ed, id);
        return s !== null && s.index > 0;
      },
      perform: (ed, id) => {
        const s = layerSlot(ed, id);
        if (s && id !== undefined) ed.reorder(id, s.index - 1);
      },
    },
    {
      id: 'layer-toggle-hidden',
      label: 'Hide',
      scope: 'layer',
      predicate: (ed, id) => id !== undefined && ed.find(id) !== null,
      perform: (ed, id) => {
        if (id !== undefined) ed.setHidden(id, !ed.state.hidden[id]);
      },
    },
    {
      id: 'layer-toggle-locked',
      label: 'Lock',
      scope: 'layer',
      predicate: (ed, id) => id !== undefined && ed.find(id) !== null,
      perform: (ed, id) => {
        if (id !== undefined) ed.setLocked(id, !ed.state.locked[id]);
      },
    },
  ];
}
