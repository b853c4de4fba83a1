/**
 * The editor stage and the layers panel. `<EditorStage session />` fills its container (give the
 * container a height); `<LayersPanel session />` lists the active flat's elements.
 * `handleEditorKey(session, event)` applies the stage's shortcuts when a dialog wants them
 * outside the stage too.
 */
export { EditorStage, type EditorStageProps } from './EditorStage.tsx';
export { elementLabel } from './labels.ts';
export { LayersPanel } from '../layers/LayersPanel.tsx';
export { handleEditorKey, nudge, flipSelected, restackSelected, duplicateSelected, removeSelected } from './commands.ts';
export { StageClient } from './stage-client.ts';
export { stageFrame, backgroundForFlat } from './frame.ts';
