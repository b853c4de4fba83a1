/**
 * The designer's editor core (no React, no DOM). Everything outside src/designer/editor imports
 * it from here; Editor.ts is the one public surface, the rest are its parts and pure helpers.
 */
export { Editor, createEditor, type EditorInit, type InteractionState, type KeyResult } from './Editor.ts';
export { emptyDesign, DUPLICATE_OFFSET, type DesignDocument, type EditorState } from './document.ts';
export {
  ActionRegistry,
  defaultActions,
  bindingMatches,
  type ActionId,
  type EditorAction,
  type KeyBinding,
  type KeyInput,
  type KeyScope,
} from './actions.ts';
export { type PointerInput, type PointerDownResult } from './gestures.ts';
export { hitTest, rotateHandleAt, type ElementBox, type Hit, type Handle, type Scene } from './scene.ts';
export { carryDesignToTemplate, flatDesignFor, flatSizeChanged } from './template-switch.ts';
export { visibleDesign } from './visible.ts';
export { HISTORY_LIMIT } from './history.ts';
export { stageFrame, backgroundForFlat } from './frame.ts';
export { elementLabel } from './labels.ts';
export { fontsState } from './text-metrics.ts';
export { leavesSafeZone, safeZone, toScreen, type Guide, type Size, type View } from './geometry.ts';
