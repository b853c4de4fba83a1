import { describe, expect, it } from 'vitest';
import { createEditor, emptyDesign, DUPLICATE_OFFSET, HISTORY_LIMIT, visibleDesign } from '../../../src/designer/editor/index.ts';
import { flat, image, template, text } from './fixtures.ts';
import { imageInsertIndex } from '../../../src/designer/panels/image-tools';

const tshirt = () => template('t1', [flat('front'), flat('back')]);
const list = (s: ReturnType<typeof createEditor>, flatId = 'front') =>
  s.state.design.flatDesignList.find((f) => f.flatId === flatId)!.designList.map((e) => e.localId);

describe('editor document', () => {
  it('starts with one flat design per template flat, the first flat active, nothing to undo', () => {
    const s = createEditor({ template: tshirt() });
    expect(s.state.design.flatDesignList.map((f) => f.flatId)).toEqual(['front', 'back']);
    expect(s.state.activeFlatId).toBe('front');
    expect(s.canUndo()).toBe(false);
    expect(s.state.dirty).toBe(false);
    expect(s.state.revision).toBe(0);
  });

  it('adds an element, selects it, and undo/redo remove and restore it', () => {
    const s = createEditor({ template: tshirt() });
    s.addElement('front', text('front', 'Hello', 'a'));
    expect(list(s)).toEqual(['a']);
    expect(s.state.selection).toEqual(['a']);
    expect(s.state.dirty).toBe(true);
    s.undo();
    expect(list(s)).toEqual([]);
    expect(s.state.selection).toEqual([]);
    expect(s.state.dirty).toBe(false);
    s.redo();
    expect(list(s)).toEqual(['a']);
    expect(s.state.revision).toBe(3);
  });

  it('keeps elements immutable: an edit puts a new element in place, the others and undo keep theirs', () => {
    const s = createEditor({ template: tshirt() });
    s.addElement('front', text('front', 'Hello', 'a'));
    s.addElement('front', image('front', 'b'));
    const before = s.find('a')!.element;
    const other = s.find('b')!.element;
    s.updateElement('a', { left: before.left + 40 });
    const after = s.find('a')!.element;
    expect(after).not.toBe(before);
    expect(after.left).toBe(before.left + 40);
    expect(s.find('b')!.element).toBe(other);
    // What a reader holds never changes under it, so nothing can edit past the history.
    expect(Object.isFrozen(after)).toBe(true);
    expect(() => {
      (after as { left: number }).left = 0;
    }).toThrow(TypeError);
    expect(() => s.state.design.flatDesignList[0]!.designList.push(after)).toThrow(TypeError);
    s.undo();
    expect(s.find('a')!.element.left).toBe(before.left);
    expect(s.find('b')!.element.localId).toBe('b');
  });

  it('adds a new picture below the texts of its print area, so it never covers the words', () => {
    const s = createEditor({ template: tshirt() });
    s.addElement('front', image('front', 'photo'));
    s.addElement('front', text('front', 'Title', 'title'));
    s.addElement('front', text('front', 'Sub', 'sub'));
    const placed = s.state.design.flatDesignList.find((f) => f.flatId === 'front')!.designList;
    s.addElement('front', image('front', 'logo'), { index: imageInsertIndex(placed) });
    expect(list(s)).toEqual(['photo', 'logo', 'title', 'sub']);
    expect(s.state.selection).toEqual(['logo']);
    // With no text in the area it goes on top; an index past the end is the top too.
    s.addElement('back', image('back', 'b1'));
    s.addElement('back', image('back', 'b2'), { index: imageInsertIndex(s.state.design.flatDesignList[1]!.designList) });
    s.addElement('back', image('back', 'b3'), { index: 99 });
    expect(list(s, 'back')).toEqual(['b1', 'b2', 'b3']);
  });

  it('gives an element whose localId is taken a new one', () => {
    const s = createEditor({ template: tshirt() });
    s.addElement('front', text('front', 'A', 'same'));
    s.addElement('back', text('back', 'B', 'same'), { select: false });
    const backId = list(s, 'back')[0]!;
    expect(backId).not.toBe('same');
    expect(s.state.selection).toEqual(['same']);
  });

  it('updates fields but never identity, and keeps textLines in step with the text', () => {
    const s = createEditor({ template: tshirt() });
    s.addElement('front', text('front', 'One', 'a'));
    s.updateElement('a', { text: 'One\nTwo', localId: 'x', flatId: 'back', left: 5 } as never);
    const el = s.find('a')!.element;
    expect(el.type === 'text' && el.textLines).toEqual(['One', 'Two']);
    expect(el.left).toBe(5);
    expect(s.find('x')).toBeNull();
    expect(s.find('a')!.flatId).toBe('front');
  });

  it('merges updates with the same key into one undo step, and a new key starts another', () => {
    const s = createEditor({ template: tshirt() });
    s.addElement('front', image('front', 'img'));
    for (let x = 51; x <= 80; x++) s.updateElement('img', { left: x }, { merge: 'drag-1' });
    s.updateElement('img', { angle: 45 }, { merge: 'rotate-1' });
    s.undo();
    expect(s.find('img')!.element.angle).toBe(0);
    expect(s.find('img')!.element.left).toBe(80);
    s.undo();
    expect(s.find('img')!.element.left).toBe(50);
    s.redo();
    expect(s.find('img')!.element.left).toBe(80);
  });

  it('seal ends a burst: the same merge key after it is a new step', () => {
    const s = createEditor({ template: tshirt() });
    s.addElement('front', image('front', 'img'));
    s.updateElement('img', { left: 70 }, { merge: 'k' });
    s.seal();
    s.updateElement('img', { left: 90 }, { merge: 'k' });
    s.undo();
    expect(s.find('img')!.element.left).toBe(70);
  });

  it('ignores updates that change nothing (no history noise)', () => {
    const s = createEditor({ template: tshirt() });
    s.addElement('front', image('front', 'img'));
    const rev = s.state.revision;
    s.updateElement('img', { left: 50 });
    expect(s.state.revision).toBe(rev);
    s.undo();
    expect(list(s)).toEqual([]);
  });

  it('removes elements across flats as one step and forgets their selection, lock and hide', () => {
    const s = createEditor({ template: tshirt() });
    s.addElement('front', image('front', 'a'));
    s.addElement('back', image('back', 'b'), { select: false });
    s.setHidden('b', true);
    s.setLocked('b', true);
    s.removeElements(['a', 'b']);
    expect(list(s)).toEqual([]);
    expect(list(s, 'back')).toEqual([]);
    expect(s.state.selection).toEqual([]);
    expect(s.state.hidden).toEqual({});
    expect(s.state.locked).toEqual({});
    s.undo();
    expect(list(s)).toEqual(['a']);
    expect(list(s, 'back')).toEqual(['b']);
  });

  it('reorders within a flat, clamps the index, and undoes', () => {
    const s = createEditor({ template: tshirt() });
    for (const id of ['a', 'b', 'c']) s.addElement('front', image('front', id));
    s.reorder('a', 99);
    expect(list(s)).toEqual(['b', 'c', 'a']);
    s.reorder('c', 0);
    expect(list(s)).toEqual(['c', 'b', 'a']);
    s.undo();
    expect(list(s)).toEqual(['b', 'c', 'a']);
    s.undo();
    expect(list(s)).toEqual(['a', 'b', 'c']);
  });

  it('duplicates with new localIds, offset, on top, selected; undo removes the copies', () => {
    const s = createEditor({ template: tshirt() });
    s.addElement('front', image('front', 'a'));
    s.addElement('front', text('front', 'Hi', 'b'));
    const copies = s.duplicate(['a', 'b']);
    expect(copies).toHaveLength(2);
    expect(new Set([...copies, 'a', 'b']).size).toBe(4);
    expect(list(s)).toEqual(['a', 'b', ...copies]);
    expect(s.state.selection).toEqual(copies);
    const copy = s.find(copies[0]!)!.element;
    expect([copy.left, copy.top]).toEqual([50 + DUPLICATE_OFFSET, 60 + DUPLICATE_OFFSET]);
    s.undo();
    expect(list(s)).toEqual(['a', 'b']);
    expect(s.state.selection).toEqual([]);
  });

  it('sets, replaces and removes a view background, each undoable', () => {
    const s = createEditor({ template: tshirt() });
    const bg = { viewId: 'v1', imageUrl: null, labelType: null, BGType: '1' as const, color: '#FF0000', viewIdList: [], visible: true };
    s.setBackground('v1', bg);
    s.setBackground('v1', { ...bg, color: '#00FF00' });
    s.setBackground('v1', null);
    expect(s.state.design.BGDesignList).toEqual([]);
    s.undo();
    expect(s.state.design.BGDesignList[0]!.color).toBe('#00FF00');
    s.undo();
    expect(s.state.design.BGDesignList[0]!.color).toBe('#FF0000');
    s.undo();
    expect(s.state.design.BGDesignList).toEqual([]);
  });

  it('sets the SKU colour (normalised) and the colour of flats that follow it; undo restores both', () => {
    const s = createEditor({ template: template('t', [flat('front', 800, 1), flat('sleeve')]) });
    s.setColor('#abc');
    expect(s.state.design.color).toBe('#AABBCC');
    expect(s.state.design.flatDesignList.map((f) => f.color)).toEqual(['#AABBCC', '#FFFFFF']);
    s.undo();
    expect(s.state.design.color).toBe('#FFFFFF');
    expect(s.state.design.flatDesignList[0]!.color).toBe('#FFFFFF');
    const rev = s.state.revision;
    s.setColor('not a colour');
    expect([s.state.design.color, s.state.revision]).toEqual(['#FFFFFF', rev]);
  });

  it('switches template keeping elements per flatId, and undo brings the old template back', () => {
    const first = tshirt();
    const second = template('t2', [flat('front'), flat('back'), flat('sleeve')]);
    const s = createEditor({ template: first });
    s.addElement('front', text('front', 'Hi', 'a'));
    s.addElement('back', image('back', 'b'), { select: false });
    s.setTemplate(second);
    expect(s.state.template.customTemplateId).toBe('t2');
    expect(list(s)).toEqual(['a']);
    expect(list(s, 'back')).toEqual(['b']);
    expect(list(s, 'sleeve')).toEqual([]);
    s.undo();
    expect(s.state.template.customTemplateId).toBe('t1');
    expect(s.state.design.flatDesignList.map((f) => f.flatId)).toEqual(['front', 'back']);
  });

  it('switching to a template with other flat ids carries elements by position and rescales to a new flat size', () => {
    const s = createEditor({ template: template('t1', [flat('f1', 800)]) });
    s.addElement('f1', image('f1', 'a'));
    s.setTemplate(template('t2', [flat('g1', 400)]));
    expect(s.state.activeFlatId).toBe('g1');
    const el = s.find('a')!;
    expect(el.flatId).toBe('g1');
    expect(el.element.flatId).toBe('g1');
    expect([el.element.left, el.element.top, el.element.scaleX]).toEqual([25, 30, 0.5]);
  });

  it('transact makes several changes one undo step', () => {
    const s = createEditor({ template: tshirt() });
    s.transact('Add two', () => {
      s.addElement('front', image('front', 'a'));
      s.addElement('front', image('front', 'b'));
      s.updateElement('a', { angle: 30 });
    });
    expect(list(s)).toEqual(['a', 'b']);
    s.undo();
    expect(list(s)).toEqual([]);
    expect(s.canUndo()).toBe(false);
    s.redo();
    expect(s.find('a')!.element.angle).toBe(30);
  });

  it('a new change after undo drops the redo steps', () => {
    const s = createEditor({ template: tshirt() });
    s.addElement('front', image('front', 'a'));
    s.undo();
    expect(s.canRedo()).toBe(true);
    s.addElement('front', image('front', 'b'));
    expect(s.canRedo()).toBe(false);
  });

  it('keeps at most HISTORY_LIMIT undo steps', () => {
    const s = createEditor({ template: tshirt() });
    s.addElement('front', image('front', 'a'));
    for (let i = 1; i <= HISTORY_LIMIT + 10; i++) s.updateElement('a', { left: i });
    let steps = 0;
    while (s.canUndo()) {
      s.undo();
      steps += 1;
    }
    expect(steps).toBe(HISTORY_LIMIT);
    expect(s.find('a')!.element.left).toBe(10);
  });

  it('dirty follows the saved point through undo and redo', () => {
    const s = createEditor({ template: tshirt() });
    s.addElement('front', image('front', 'a'));
    s.markSaved();
    expect(s.state.dirty).toBe(false);
    s.updateElement('a', { left: 1 });
    expect(s.state.dirty).toBe(true);
    s.undo();
    expect(s.state.dirty).toBe(false);
    s.undo();
    expect(s.state.dirty).toBe(true);
    s.redo();
    expect(s.state.dirty).toBe(false);
  });

  it('select keeps only unlocked elements of the active flat; locking deselects', () => {
    const s = createEditor({ template: tshirt() });
    s.addElement('front', image('front', 'a'));
    s.addElement('front', image('front', 'b'));
    s.addElement('back', image('back', 'c'), { select: false });
    s.setLocked('b', true);
    s.select(['a', 'b', 'c']);
    expect(s.state.selection).toEqual(['a']);
    s.setLocked('a', true);
    expect(s.state.selection).toEqual([]);
    s.setActiveFlat('back');
    s.select(['c']);
    expect(s.state.selection).toEqual(['c']);
  });

  it('hidden elements are left out of the drawn design but kept in the saved one', () => {
    const s = createEditor({ template: tshirt() });
    s.addElement('front', image('front', 'a'));
    s.addElement('front', image('front', 'b'));
    s.select(['a']);
    s.setHidden('a', true);
    expect(s.state.selection).toEqual([]);
    s.select(['a', 'b']);
    expect(s.state.selection).toEqual(['b']);
    expect(visibleDesign(s.state).flatDesignList[0]!.designList.map((e) => e.localId)).toEqual(['b']);
    expect(s.toJSON().design.flatDesignList[0]!.designList.map((e) => e.localId)).toEqual(['a', 'b']);
  });

  it('toJSON is a plain structured-cloneable copy that later edits do not change', () => {
    const s = createEditor({ template: tshirt() });
    s.addElement('front', text('front', 'Hi', 'a'));
    const saved = s.toJSON();
    s.updateElement('a', { left: 999 });
    expect(structuredClone(saved).design.flatDesignList[0]!.designList[0]!.left).toBe(100);
  });

  it('emptyDesign carries the template flats pre-placed artwork', () => {
    const f = flat('front');
    f.designList = [image('front', 'preset')];
    const d = emptyDesign(template('t', [f]));
    expect(d.flatDesignList[0]!.designList.map((e) => e.localId)).toEqual(['preset']);
    expect(d.color).toBe('#FFFFFF');
  });
});
