/** The editor's live stage (see live-stage.ts); hosted by workers/stage.worker.ts. */
export {
  LiveStage,
  deviceScale,
  elementKey,
  type StageFrame,
  type StageView,
  type StageBackground,
  type StageResult,
  type StageUpdateOptions,
} from './live-stage.ts';
export { applyFrameDelta, frameDelta, type StageFrameDelta } from './frame-delta.ts';
