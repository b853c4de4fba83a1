/**
 * The design dialog's panels in Chromium, through their real components: the text-editing rules
 * and the text controls' ranges, the option check, the upload retry and cancel path against a
 * real HTTP endpoint that fails, and the 60000-character switch on a real editor.
 */
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { BUNDLED_FONTS, createTextElement, INLINE_JSON_LIMIT } from '../../../engine/index.ts';
import { createEditor, type Editor } from '../../../src/designer/editor/index.ts';
import { TextPanel } from '../../../src/designer/panels/TextPanel';
import { ImagesPanel } from '../../../src/designer/panels/ImagesPanel';
import { OptionChecks } from '../../../src/designer/steps/OptionChecks';
import { optionErrors, type MultiSelection } from '../../../src/designer/model/options';
import { planEditObj } from '../../../src/designer/save/edit-obj';
import { designDocument } from '../../../engine/model/index.ts';
import { Toasts } from '../../../src/components/Toasts';
import type { WireOption } from '../../../src/api/catalog';
import { validTemplate } from '../../unit/engine/model/fixtures';
import '../../../src/styles/designer.css';
import { mount } from '../support/mount';

function newSession(): Editor {
  const t = validTemplate();
  // Start with an empty front so the tests see only what they add.
  t.flatList = t.flatList.map((f) => ({ ...f, designList: [] }));
  return createEditor({ template: t });
}

const texts = (s: Editor) => s.state.design.flatDesignList.find((f) => f.flatId === 'front')!.designList.filter((e) => e.type === 'text');

describe('text panel', () => {
  it('typing with none selected adds and selects a text; more lines enable alignment; emptying deletes it', async () => {
    const session = newSession();
    mount(<TextPanel editor={session} />);
    const box = page.getByRole('textbox', { name: 'Enter your text (press enter to wrap)' });
    await expect.element(box).toHaveAttribute('placeholder', 'Start typing here');
    await expect.element(page.getByRole('button', { name: 'Align centre' })).toBeDisabled();

    await userEvent.type(box, 'Hi');
    expect(texts(session)).toHaveLength(1);
    const id = texts(session)[0]!.localId;
    expect(session.state.selection).toEqual([id]);
    expect(texts(session)[0]!.text).toBe('Hi');

    await userEvent.type(box, '{Enter}there');
    expect(texts(session)).toHaveLength(1);
    expect(texts(session)[0]!.textLines).toEqual(['Hi', 'there']);
    await userEvent.click(page.getByRole('button', { name: 'Align centre' }));
    expect(texts(session)[0]!.textAlign).toBe('center');

    await userEvent.clear(box);
    expect(texts(session)).toHaveLength(0);
    expect(session.state.selection).toEqual([]);
    // Undo brings the deleted text back.
    session.undo();
    expect(texts(session)).toHaveLength(1);
  });

  it('edits the selected text and limits the controls to the spec ranges', async () => {
    const session = newSession();
    session.addElement('front', createTextElement({ flatId: 'front', localId: 't1', text: 'Sale' }));
    mount(<TextPanel editor={session} />);
    await expect.element(page.getByRole('textbox', { name: 'Enter your text (press enter to wrap)' })).toHaveValue('Sale');

    const spacing = page.getByRole('spinbutton', { name: 'Letter spacing' });
    await expect.element(spacing).toHaveAttribute('min', '-0.5');
    await expect.element(spacing).toHaveAttribute('step', '0.05');
    await userEvent.fill(spacing, '0.25');
    expect(session.find('t1')!.element).toMatchObject({ charSpacing: 250 });

    await userEvent.click(page.getByRole('checkbox', { name: 'Outline' }));
    const outline = page.getByRole('spinbutton', { name: 'Outline weight' });
    await expect.element(outline).toHaveAttribute('min', '1');
    await expect.element(outline).toHaveAttribute('max', '10');
    await userEvent.fill(outline, '14');
    expect(session.find('t1')!.element).toMatchObject({ stroke: '#000000', strokeWidth: 10 });

    await userEvent.click(page.getByRole('checkbox', { name: 'Shadow' }));
    const distance = page.getByRole('spinbutton', { name: 'Shadow distance' });
    const angle = page.getByRole('spinbutton', { name: 'Shadow angle' });
    await expect.element(distance).toHaveAttribute('max', '10');
    await expect.element(distance).toHaveAttribute('step', '0.05');
    await expect.element(angle).toHaveAttribute('max', '359.9');
    await userEvent.fill(distance, '2');
    await userEvent.fill(angle, '90');
    const shadow = (session.find('t1')!.element as { shadow: { offsetX: number; offsetY: number } }).shadow;
    expect(shadow.offsetX).toBeCloseTo(0, 5);
    expect(shadow.offsetY).toBeCloseTo(20, 5); // distance x10, pointing down

    await userEvent.fill(page.getByLabelText('Text', { exact: true }), '#ff0000');
    expect(session.find('t1')!.element).toMatchObject({ fill: '#FF0000' });
  });

  it('shows every bundled font in itself and sets the chosen one', async () => {
    const session = newSession();
    session.addElement('front', createTextElement({ flatId: 'front', localId: 't1', text: 'Sale' }));
    mount(<TextPanel editor={session} />);
    const group = page.getByRole('radiogroup', { name: 'Typeface' });
    await expect.element(group.getByRole('radio').nth(BUNDLED_FONTS.length - 1)).toBeInTheDocument();
    expect(group.getByRole('radio').all()).toHaveLength(BUNDLED_FONTS.length);
    const face = BUNDLED_FONTS.find((f) => f.family !== 'Comfortaa')!;
    const label = group.getByText(face.displayName, { exact: true });
    expect(getComputedStyle(label.element()).fontFamily).toContain(face.family);
    await userEvent.click(group.getByRole('radio', { name: face.displayName }));
    expect(session.find('t1')!.element).toMatchObject({ fontFamily: face.displayName });
  });
});

describe('option check', () => {
  const options: WireOption[] = [
    {
      id: 'c',
      name: 'Color',
      position: 1,
      isColor: true,
      values: [
        { name: 'White', hex: '#FFFFFF' },
        { name: 'Black', hex: '#000000' },
      ],
    },
    {
      id: 's',
      name: 'Size',
      position: 2,
      isColor: false,
      values: [
        { name: 'S', hex: null },
        { name: 'M', hex: null },
      ],
    },
  ];
  function Harness() {
    const [sel, setSel] = useState<MultiSelection>([['White'], ['M']]);
    return <OptionChecks options={options} selection={sel} errors={optionErrors(options, sel)} onChange={setSel} />;
  }
  it("asks 'Please select {option name}' when an option has no value left", async () => {
    mount(<Harness />);
    const size = page.getByRole('group', { name: /^Size/ });
    await expect.element(size.getByRole('checkbox', { name: 'M' })).toBeChecked();
    await userEvent.click(size.getByRole('checkbox', { name: 'M' }));
    await expect.element(page.getByRole('alert')).toHaveTextContent('Please select Size');
    await userEvent.click(size.getByRole('checkbox', { name: 'S' }));
    await expect.element(page.getByRole('alert')).not.toBeInTheDocument();
    await userEvent.click(page.getByRole('group', { name: /^Color/ }).getByRole('checkbox', { name: 'Black' }));
    await expect.element(page.getByRole('group', { name: /^Color/ })).toHaveTextContent('(2 of 2)');
  });
});

describe('image upload', () => {
  const png = async () => {
    const c = new OffscreenCanvas(40, 40);
    c.getContext('2d')!.fillRect(0, 0, 40, 40);
    return new File([await c.convertToBlob({ type: 'image/png' })], 'square.png', { type: 'image/png' });
  };

  it('refuses a file that is not a picture by its content, without sending it', async () => {
    const session = newSession();
    mount(
      <>
        <Toasts />
        <ImagesPanel editor={session} />
      </>,
    );
    const input = page.getByLabelText('Upload image');
    await userEvent.upload(input, new File(['GIF89a not really'], 'fake.png', { type: 'image/png' }));
    await expect.element(page.getByRole('alert').filter({ hasText: 'This file is not a picture(jpeg,png)' })).toBeVisible();
    expect(page.getByRole('list', { name: 'Uploads in progress' }).elements()).toHaveLength(0);
  });

  it("retries a failing upload 3 times, then asks; Cancel gives 'Cancel upload' and adds nothing", async () => {
    // The test page's own server has no API: every upload answers 404, a real failed request.
    const session = newSession();
    mount(
      <>
        <Toasts />
        <ImagesPanel editor={session} />
      </>,
    );
    await userEvent.upload(page.getByLabelText('Upload image'), await png());
    await expect.element(page.getByRole('list', { name: 'Uploads in progress' })).toHaveTextContent(/square\.png/);
    const ask = page.getByRole('dialog', { name: 'Message' });
    await expect.element(ask, { timeout: 20_000 }).toBeVisible();
    await expect.element(ask).toHaveTextContent('Upload square.png again?');
    await expect.element(ask.getByRole('button', { name: 'Re-upload' })).toBeVisible();
    await userEvent.click(ask.getByRole('button', { name: 'Cancel' }));
    await expect.element(page.getByRole('alert').filter({ hasText: 'Cancel upload' })).toBeVisible();
    expect(page.getByRole('list', { name: 'Uploads in progress' }).elements()).toHaveLength(0);
    expect(session.state.design.flatDesignList[0]!.designList).toHaveLength(0);
  });
});

describe('design JSON inline or as a file', () => {
  it(`a real document switches from inline to a file past ${INLINE_JSON_LIMIT} characters`, () => {
    const session = newSession();
    let n = 0;
    const plan = () => {
      const { template, design } = session.toJSON();
      return planEditObj(designDocument(template, design));
    };
    while (plan().kind === 'inline')
      session.addElement('front', createTextElement({ flatId: 'front', text: `Line ${n++} of a long design` }), { select: false });
    const over = plan();
    expect(over.kind).toBe('file');
    expect(over.json.length).toBeGreaterThan(INLINE_JSON_LIMIT);
    session.undo();
    const under = plan();
    expect(under.kind).toBe('inline');
    expect(under.json.length).toBeLessThanOrEqual(INLINE_JSON_LIMIT);
  });
});
