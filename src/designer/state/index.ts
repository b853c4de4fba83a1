/** The shared design session (see session.ts); the dialog, stage and panels import from here. */
export { createDesignSession, emptyDesign, DUPLICATE_OFFSET, type DesignSession, type DesignSessionState } from './session.ts';
export { carryDesignToTemplate, flatDesignFor, flatSizeChanged } from './template-switch.ts';
export { visibleDesign } from './visible.ts';
export { HISTORY_LIMIT } from './history.ts';
