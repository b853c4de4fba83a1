/**
 * The editor stage. `<EditorStage editor />` fills its container (give the container a height)
 * and draws the editor core's active flat; the core (src/designer/editor) owns everything it
 * shows and does.
 */
export { EditorStage, type EditorStageProps } from './EditorStage.tsx';
export { StageClient } from './stage-client.ts';
