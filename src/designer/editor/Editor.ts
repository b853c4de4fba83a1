/**
 * The designer's editor core, and its one public surface: the document (a valtio store, as
 * `state`), selection, the view (zoom and pan), pointer gestures with snapping, hit-testing,
 * keyboard shortcuts and the action registry, and undo. No React and no DOM: the stage and the
 * panels render `state` and `ui` and forward input here; Node tests drive it directly.
 *
 *   document.ts   the document store, its changes and the undo history they go through
 *   scene.ts      the active flat's visible elements as boxes, hit-testing
 *   gestures.ts   pointer down / move / up: move, scale, rotate, pan, marquee
 *   actions.ts    the registry of commands with labels, key bindings and predicates
 *   commands.ts   what the selection commands do to the document
 *   geometry.ts   view maths, element boxes, snapping, scale and rotate arithmetic
 */
import { proxy, snapshot } from 'valtio';
import type { Bounds, Vec2 } from '@pod-studio/engine/geometry';
import type { BackgroundDesign, CustomTemplate, DesignElement, SkuDesign, TextElement } from '@pod-studio/engine/model';
import { ActionRegistry, defaultActions, type ActionId, type KeyInput } from './actions.ts';
import type { CommandContext } from './commands.ts';
import { createDocument, type DesignDocument, type EditorState } from './document.ts';
import { boundsOf, cornersOf, fitView, transformOf, zoomAt, type Guide, type Size, type View } from './geometry.ts';
import { Gestures, type PointerDownResult, type PointerInput } from './gestures.ts';
import { buildScene, hitTest, type ElementBox, type Hit, type Scene } from './scene.ts';
import { fontsState, measuredTextSize } from './text-metrics.ts';

/** What the stage shows besides the document: the view and the gesture feedback. */
export interface InteractionState {
  view: View;
  /** The stage viewport in CSS px, once the stage has measured it. */
  viewport: Size | null;
  /** Snap guides shown while a move snaps. */
  guides: Guide[];
  /** The marquee in screen px while one is dragged. */
  marquee: Bounds | null;
  /** Space is held: a primary-button drag pans. */
  spaceHeld: boolean;
  /** A move, scale or rotate is under way (see GestureFeedback). */
  transforming: boolean;
}

export interface EditorInit {
  template: CustomTemplate;
  design?: SkuDesign;
  /**
   * The layout size of a text element, or null while its font loads. Default: measured with the
   * bundled fonts and the engine's text layout (text-metrics.ts); tests may pass their own.
   */
  measureText?: (el: TextElement) => Size | null;
}

/** What a key press on the stage did: started panning, ran (or swallowed) an action, or nothing. */
export type KeyResult = 'pan' | ActionId | null;

/** Zoom factor per wheel delta unit (a notch of about 100 is about ×0.86). */
const WHEEL_ZOOM = 0.0015;

export function createEditor(init: EditorInit): Editor {
  return new Editor(init);
}

export class Editor implements CommandContext {
  /** The document store: template, design, active flat, selection, hidden, locked, revision, dirty. */
  readonly state: EditorState;
  /** The view and gesture feedback the stage overlay draws. */
  readonly ui: InteractionState;
  readonly actions: ActionRegistry;
  private readonly doc: DesignDocument;
  private readonly gestures: Gestures;
  private readonly measureText: (el: TextElement) => Size | null;
  /** The view follows the viewport (fits the flat) until the merchant zooms or pans. */
  private autoFit = true;
  private fittedFlatId: string | null = null;
  // Snapshots keep the identity of unchanged elements, so a drag measures one element per frame.
  private readonly boxCache = new WeakMap<object, { version: number; box: ElementBox }>();
  private sceneCache: { snap: object; version: number; scene: Scene } | null = null;

  constructor(init: EditorInit) {
    this.doc = createDocument(init);
    this.state = this.doc.state;
    this.measureText = init.measureText ?? measuredTextSize;
    this.ui = proxy<InteractionState>({
      view: { zoom: 1, panX: 0, panY: 0 },
      viewport: null,
      guides: [],
      marquee: null,
      spaceHeld: false,
      transforming: false,
    });
    this.gestures = new Gestures(this);
    this.actions = new ActionRegistry(this, defaultActions());
  }

  // --- document (see document.ts) ---------------------------------------------------------------

  addElement(flatId: string, el: DesignElement, opts?: { select?: boolean; index?: number }): void {
    this.doc.addElement(flatId, el, opts);
  }
  updateElement(localId: string, patch: Partial<DesignElement>, opts?: { merge?: string }): void {
    this.doc.updateElement(localId, patch, opts);
  }
  removeElements(localIds: string[]): void {
    this.doc.removeElements(localIds);
  }
  reorder(localId: string, toIndex: number): void {
    this.doc.reorder(localId, toIndex);
  }
  duplicate(localIds: string[]): string[] {
    return this.doc.duplicate(localIds);
  }
  setBackground(viewId: string, bg: BackgroundDesign | null): void {
    this.doc.setBackground(viewId, bg);
  }
  setColor(hex: string): void {
    this.doc.setColor(hex);
  }
  setTemplate(template: CustomTemplate): void {
    this.doc.setTemplate(template);
  }
  setActiveFlat(flatId: string): void {
    this.doc.setActiveFlat(flatId);
  }
  select(localIds: string[]): void {
    this.doc.select(localIds);
  }
  setHidden(localId: string, hidden: boolean): void {
    this.doc.setHidden(localId, hidden);
  }
  setLocked(localId: string, locked: boolean): void {
    this.doc.setLocked(localId, locked);
  }
  transact(label: string, fn: () => void): void {
    this.doc.transact(label, fn);
  }
  undo(): void {
    this.doc.undo();
  }
  redo(): void {
    this.doc.redo();
  }
  canUndo(): boolean {
    return this.doc.canUndo();
  }
  canRedo(): boolean {
    return this.doc.canRedo();
  }
  markSaved(): void {
    this.doc.markSaved();
  }
  seal(): void {
    this.doc.seal();
  }
  toJSON(): { template: CustomTemplate; design: SkuDesign } {
    return this.doc.toJSON();
  }
  find(localId: string): { flatId: string; index: number; element: DesignElement } | null {
    return this.doc.find(localId);
  }

  // --- selection --------------------------------------------------------------------------------

  /** A click on an element in a list: it alone, or with Shift added to / taken from the selection. */
  clickSelect(localId: string, additive: boolean): void {
    const sel = this.state.selection;
    this.select(additive ? (sel.includes(localId) ? sel.filter((s) => s !== localId) : [...sel, localId]) : [localId]);
  }

  /**
   * An element's hit area got keyboard focus (Tab): select it, unless a pointer press on it
   * caused the focus (the press already chose the selection, Shift included).
   */
  elementFocused(localId: string): void {
    if (this.gestures.pointerFocus) {
      this.gestures.pointerFocus = false;
      return;
    }
    if (!this.state.selection.includes(localId)) this.select([localId]);
  }

  // --- geometry ---------------------------------------------------------------------------------

  textSizeOf(el: DesignElement): Size | null {
    return el.type === 'text' ? this.measureText(el) : null;
  }

  /**
   * The active flat's visible elements with their boxes, from the current state. Cached per
   * state snapshot and font arrival, and per element snapshot inside, so reading it on every
   * render and every pointer move measures only what changed.
   */
  scene(): Scene {
    const snap = snapshot(this.state);
    const version = fontsState.version;
    const hit = this.sceneCache;
    if (hit && hit.snap === snap && hit.version === version) return hit.scene;
    // A snapshot is the state's deep-readonly twin; the scene only reads it.
    const scene = buildScene(snap as unknown as EditorState, (el) => this.boxOf(el, version));
    this.sceneCache = { snap, version, scene };
    return scene;
  }

  private boxOf(el: DesignElement, version: number): ElementBox {
    const hit = this.boxCache.get(el);
    if (hit && hit.version === version) return hit.box;
    const t = transformOf(el, this.textSizeOf(el));
    const box: ElementBox = { corners: cornersOf(t), bounds: boundsOf(t) };
    this.boxCache.set(el, { version, box });
    return box;
  }

  /** What a pointer at `point` (screen px relative to the viewport) would land on. */
  hitTest(point: Vec2): Hit {
    return hitTest(this.scene(), this.ui.view, point);
  }

  // --- view -------------------------------------------------------------------------------------

  /** Sets the view as the merchant's choice: it no longer refits when the viewport changes. */
  setView(view: View): void {
    this.autoFit = false;
    this.ui.view = view;
  }

  /** The stage's viewport size changed (or was first measured). */
  setViewport(size: Size): void {
    const v = this.ui.viewport;
    if (!v || v.width !== size.width || v.height !== size.height) this.ui.viewport = size;
    this.syncView();
  }

  /**
   * Fits the flat while the view follows the viewport; a new active flat makes it follow
   * again. Call when the viewport, the active flat or its size changes.
   */
  syncView(): void {
    if (this.state.activeFlatId !== this.fittedFlatId) {
      this.fittedFlatId = this.state.activeFlatId;
      this.autoFit = true;
    }
    if (this.autoFit && this.ui.viewport) this.showFitted();
  }

  /** Puts the fitted view in place; an equal view is left alone so the stage does not redraw for nothing. */
  private showFitted(): void {
    if (!this.ui.viewport) return;
    const next = fitView(this.scene().flat, this.ui.viewport);
    const v = this.ui.view;
    if (v.zoom !== next.zoom || v.panX !== next.panX || v.panY !== next.panY) this.ui.view = next;
  }

  /** A fresh stage: the view fits again and no gesture or feedback is left from an earlier one. */
  resetView(): void {
    this.autoFit = true;
    this.fittedFlatId = this.state.activeFlatId;
    this.gestures.reset();
    this.ui.view = { zoom: 1, panX: 0, panY: 0 };
    this.ui.viewport = null;
    this.ui.guides = [];
    this.ui.marquee = null;
    this.ui.spaceHeld = false;
  }

  /** Zooms by `factor` about the viewport's centre. */
  zoomBy(factor: number): void {
    const v = this.ui.viewport;
    this.setView(zoomAt(this.ui.view, factor, v ? [v.width / 2, v.height / 2] : [0, 0]));
  }

  /** Zooms by a wheel's deltaY about the pointer (screen px relative to the viewport). */
  wheel(deltaY: number, point: Vec2): void {
    this.setView(zoomAt(this.ui.view, Math.exp(-deltaY * WHEEL_ZOOM), point));
  }

  /** Shows the whole flat, and follows the viewport again. */
  fit(): void {
    this.autoFit = true;
    this.showFitted();
  }

  // --- input ------------------------------------------------------------------------------------

  pointerDown(e: PointerInput): PointerDownResult {
    return this.gestures.down(e);
  }

  pointerMove(e: PointerInput): void {
    this.gestures.move(e);
  }

  /** Pointer up or cancel. */
  pointerUp(e: Pick<PointerInput, 'pointerId'>): void {
    this.gestures.up(e);
  }

  /** The gesture in progress ('move', 'scale', 'rotate', 'pan', 'marquee'), or null. */
  get gesture(): PointerDownResult['gesture'] | null {
    return this.gestures.active?.kind ?? null;
  }

  /** A key pressed on the stage: Space starts pan mode, others run their action. */
  keyDown(e: KeyInput): KeyResult {
    if (e.key === ' ' && !this.ui.spaceHeld) {
      this.ui.spaceHeld = true;
      return 'pan';
    }
    return this.actions.handleKey(e);
  }

  keyUp(e: Pick<KeyInput, 'key'>): void {
    if (e.key === ' ' && this.ui.spaceHeld) this.ui.spaceHeld = false;
  }
}
