/** A bulk text design with its laid-out size: the bundled font loaded, the text laid out at TEXT_BASE_SIZE. */
import { createTextElement } from '@pod-studio/engine/model';
import { layoutText, loadFont } from '@pod-studio/engine/layout';
import { TEXT_BASE_SIZE, type DesignSource } from './design';

export async function textDesign(text: string, fill: string, fontFamily: string): Promise<Extract<DesignSource, { kind: 'text' }>> {
  const font = await loadFont(fontFamily);
  const layout = layoutText(createTextElement({ flatId: '', text, fill, fontFamily, fontSize: TEXT_BASE_SIZE }), font);
  return { kind: 'text', text, fill, fontFamily, width: Math.max(1, layout.width), height: Math.max(1, layout.height) };
}
