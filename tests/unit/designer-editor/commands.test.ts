import { describe, expect, it } from 'vitest';
import { backgroundForFlat, stageFrame } from '../../../src/designer/editor/frame.ts';
import { createEditor, type Editor, type KeyInput } from '../../../src/designer/editor/index.ts';
import { flat, image, template } from './fixtures.ts';

const key = (k: string, mods: Partial<Record<'shiftKey' | 'ctrlKey' | 'metaKey' | 'altKey', boolean>> = {}) => ({
  key: k,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...mods,
});

/** The key through the editor's stage key handling: true when the editor took it. */
const handleEditorKey = (ed: Editor, e: KeyInput): boolean => ed.keyDown(e) !== null;

function setup() {
  const s = createEditor({ template: template('t', [flat('front'), flat('back')]) });
  s.addElement('front', image('front', 'a'));
  s.addElement('front', image('front', 'b'), { select: false });
  return s;
}

describe('editor keys', () => {
  it('arrows nudge the selection 1 px, with Shift 10, and a run of nudges is one undo step', () => {
    const s = setup();
    expect(handleEditorKey(s, key('ArrowRight'))).toBe(true);
    handleEditorKey(s, key('ArrowDown', { shiftKey: true }));
    handleEditorKey(s, key('ArrowLeft'));
    handleEditorKey(s, key('ArrowUp'));
    expect([s.find('a')!.element.left, s.find('a')!.element.top]).toEqual([50, 69]);
    handleEditorKey(s, key('z', { ctrlKey: true }));
    expect([s.find('a')!.element.left, s.find('a')!.element.top]).toEqual([50, 60]);
  });

  it('arrows do nothing (and are not taken) with nothing selected', () => {
    const s = setup();
    s.select([]);
    expect(handleEditorKey(s, key('ArrowRight'))).toBe(false);
  });

  it('Delete and Backspace remove the selection; Ctrl+Z brings it back; Ctrl+Y and Ctrl+Shift+Z redo', () => {
    const s = setup();
    handleEditorKey(s, key('Delete'));
    expect(s.find('a')).toBeNull();
    handleEditorKey(s, key('Z', { ctrlKey: true }));
    expect(s.find('a')).not.toBeNull();
    handleEditorKey(s, key('y', { ctrlKey: true }));
    expect(s.find('a')).toBeNull();
    handleEditorKey(s, key('z', { metaKey: true }));
    handleEditorKey(s, key('z', { ctrlKey: true, shiftKey: true }));
    expect(s.find('a')).toBeNull();
    s.undo();
    s.select(['b']);
    handleEditorKey(s, key('Backspace'));
    expect(s.find('b')).toBeNull();
  });

  it('Ctrl+D duplicates, Ctrl+] and Ctrl+[ restack, Escape deselects', () => {
    const s = setup();
    handleEditorKey(s, key('d', { ctrlKey: true }));
    const ids = s.state.design.flatDesignList[0]!.designList.map((e) => e.localId);
    expect(ids).toHaveLength(3);
    const copy = ids[2]!;
    handleEditorKey(s, key('[', { ctrlKey: true }));
    expect(s.state.design.flatDesignList[0]!.designList.map((e) => e.localId)).toEqual(['a', copy, 'b']);
    handleEditorKey(s, key(']', { ctrlKey: true }));
    expect(s.state.design.flatDesignList[0]!.designList.map((e) => e.localId)).toEqual(['a', 'b', copy]);
    expect(handleEditorKey(s, key('Escape'))).toBe(true);
    expect(s.state.selection).toEqual([]);
    expect(handleEditorKey(s, key('Escape'))).toBe(false);
  });

  it('Alt+arrows rotate about the centre, + and − scale about it', () => {
    const s = setup();
    handleEditorKey(s, key('ArrowRight', { altKey: true, shiftKey: true }));
    expect(s.find('a')!.element.angle).toBe(15);
    handleEditorKey(s, key('+'));
    expect(s.find('a')!.element.scaleX).toBeCloseTo(1.05, 9);
  });
});

describe('stage frame', () => {
  it('leaves hidden elements out and carries the view, flat size and colour', () => {
    const s = setup();
    s.setHidden('b', true);
    const f = stageFrame(s.state, { zoom: 0.5, panX: 3, panY: 4 }, { width: 300, height: 200 }, 2)!;
    expect(f.designList.map((e) => e.localId)).toEqual(['a']);
    expect(f.flat).toEqual({ width: 800, height: 800 });
    expect(f.flatColor).toBe('#FFFFFF');
    expect(f.view).toEqual({ width: 300, height: 200, dpr: 2, zoom: 0.5, panX: 3, panY: 4 });
  });

  it('names the one selected element a drag would move, none when several or a locked one are selected', () => {
    const s = setup();
    const lifted = () => stageFrame(s.state, { zoom: 1, panX: 0, panY: 0 }, { width: 300, height: 200 }, 1)!.lifted;
    s.select([]);
    expect(lifted()).toBeNull();
    s.select(['a']);
    expect(lifted()).toBe('a');
    s.select(['a', 'b']);
    expect(lifted()).toBeNull();
    s.select(['a']);
    s.setLocked('a', true);
    expect(lifted()).toBeNull();
  });

  it('takes the background of the view that shows the flat, as mockups do', () => {
    const t = template('t', [flat('front'), flat('back')]);
    const layer = (flatId: string) => ({
      T: 'SmartObject' as const,
      PS: null,
      OS: { w: 1, h: 1 },
      PPC: null,
      M: { kind: 'affine' as const, matrix: [1, 0, 0, 1, 0, 0] as [number, number, number, number, number, number] },
      F: { kind: 'flat' as const, flatId },
      blend: 7 as const,
      opacity: 1,
    });
    t.viewList = ['front', 'back'].map((id) => ({
      viewId: `v-${id}`,
      viewLargeImageUrl: null,
      viewCoverImageUrl: null,
      partsList: [],
      viewData: { width: 1, height: 1, imageUrl: '', shadingUrl: null, highlightUrl: null, layers: [layer(id)] },
    }));
    const s = createEditor({ template: t });
    s.setBackground('v-back', {
      viewId: 'v-back',
      imageUrl: null,
      labelType: null,
      BGType: '1',
      color: '#112233',
      viewIdList: [],
      visible: true,
    });
    expect(backgroundForFlat(s.state, 'front')).toBeNull();
    expect(backgroundForFlat(s.state, 'back')).toEqual({ color: '#112233', imageUrl: null });
    s.setBackground('v-back', {
      viewId: 'v-back',
      imageUrl: 'https://cdn.example/bg.jpg',
      labelType: null,
      BGType: '2',
      color: '#FFFFFF',
      viewIdList: [],
      visible: false,
    });
    expect(backgroundForFlat(s.state, 'back')).toBeNull();
  });
});
