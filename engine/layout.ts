/**
 * `@pod-studio/engine/layout`: what an editor needs to lay elements out exactly as the compositor
 * will draw them, without a GPU: the bundled fonts and their loader, text layout and placement,
 * and the tile layout of a tiled image (the 150-tile limit included).
 */
export * from './text/index.ts';
export { tileElementMatrices } from './render/compose/plan.ts';
export { TilingLimitError } from './render/compose/errors.ts';
