/**
 * The uploads' thumbnail list the Photo and Images panels share, in Chromium: a named list whose
 * pictures are named buttons reached with Tab and pressed with Enter, the optional Remove button,
 * the disabled state, and the loading and empty sentences. And the panels' tabs on the kit: the
 * arrow keys move between them and open their panel.
 */
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { UploadThumbs, type UploadThumb } from '../../../src/designer/uploads/UploadThumbs';
import { ImagesPanel } from '../../../src/designer/panels/ImagesPanel';
import { createEditor } from '../../../src/designer/editor/index.ts';
import { validTemplate } from '../../unit/engine/model/fixtures';
import '../../../src/styles/designer.css';
import { mount } from '../support/mount';

/** A 1 × 1 PNG, so every thumbnail has a real picture to show. */
const PIXEL = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNk+A8AAQUBAScY42YAAAAASUVORK5CYII=';
const items: UploadThumb[] = [
  { id: 1, url: PIXEL, thumbnailUrl: null, fileName: 'cat.png' },
  { id: 2, url: PIXEL, thumbnailUrl: PIXEL, fileName: 'dog.jpg' },
  { id: 3, url: PIXEL, thumbnailUrl: null, fileName: '' },
];

function Harness({ removable, disabled = false }: { removable: boolean; disabled?: boolean }) {
  const [list, setList] = useState(items);
  const [picked, setPicked] = useState<string[]>([]);
  return (
    <>
      <UploadThumbs
        label="My uploads"
        items={list}
        empty="No uploads yet."
        disabled={disabled}
        pickName={(i) => `Add ${i.fileName || 'image'} to the design`}
        onPick={(i) => setPicked((p) => [...p, i.fileName || 'image'])}
        {...(removable
          ? {
              removeName: (i: UploadThumb) => `Remove ${i.fileName || 'image'} from my uploads`,
              onRemove: (i: UploadThumb) => setList((l) => l.filter((x) => x !== i)),
            }
          : {})}
      />
      <output aria-label="Picked">{picked.join(',')}</output>
    </>
  );
}

describe('upload thumbnails', () => {
  it('a named list of named picture buttons, each reached with Tab and pressed with Enter or a click', async () => {
    mount(<Harness removable={false} />);
    const list = page.getByRole('list', { name: 'My uploads' });
    await expect.element(list).toBeVisible();
    expect(list.getByRole('listitem').elements()).toHaveLength(3);
    const names = list
      .getByRole('button')
      .elements()
      .map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual(['Add cat.png to the design', 'Add dog.jpg to the design', 'Add image to the design']);
    // Without a remove handler there is no Remove button.
    expect(page.getByRole('button', { name: /^Remove/ }).elements()).toHaveLength(0);

    // Keyboard: Tab walks the pictures in order; Enter and Space press the focused one.
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('button', { name: 'Add cat.png to the design' })).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('button', { name: 'Add dog.jpg to the design' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{Tab}');
    await userEvent.keyboard(' ');
    await expect.element(page.getByRole('status', { name: 'Picked' })).toHaveTextContent('dog.jpg,image');
    await userEvent.click(page.getByRole('button', { name: 'Add cat.png to the design' }));
    await expect.element(page.getByRole('status', { name: 'Picked' })).toHaveTextContent('dog.jpg,image,cat.png');

    // Each thumbnail shows its picture (the thumbnail where there is one).
    const imgs = list.element().querySelectorAll('img');
    expect([...imgs].every((img) => img.getAttribute('src') === PIXEL && img.alt === '')).toBe(true);
  });

  it('with a remove handler each picture has its named Remove button; removing the last leaves the empty sentence', async () => {
    mount(<Harness removable />);
    await userEvent.click(page.getByRole('button', { name: 'Remove cat.png from my uploads' }));
    expect(page.getByRole('list', { name: 'My uploads' }).getByRole('listitem').elements()).toHaveLength(2);
    await userEvent.click(page.getByRole('button', { name: 'Remove dog.jpg from my uploads' }));
    await userEvent.click(page.getByRole('button', { name: 'Remove image from my uploads' }));
    await expect.element(page.getByText('No uploads yet.')).toBeVisible();
    expect(page.getByRole('list', { name: 'My uploads' }).elements()).toHaveLength(0);
  });

  it('disabled pictures cannot be pressed; a list still loading says so', async () => {
    const { rerender } = mount(<Harness removable={false} disabled />);
    for (const b of page.getByRole('list', { name: 'My uploads' }).getByRole('button').elements()) expect(b).toBeDisabled();
    rerender(<UploadThumbs label="My photos" items={null} empty="No photos yet." pickName={() => ''} onPick={() => {}} />);
    await expect.element(page.getByRole('status')).toHaveTextContent('Loading…');
  });
});

describe('panel tabs on the kit', () => {
  it('the images panel’s picture tabs move and open with the arrow keys', async () => {
    const t = validTemplate();
    mount(<ImagesPanel editor={createEditor({ template: t })} />);
    const tabs = page.getByRole('tablist', { name: 'Pictures' });
    const uploads = tabs.getByRole('tab', { name: 'My uploads' });
    await expect.element(uploads).toHaveAttribute('aria-selected', 'true');
    (uploads.element() as HTMLElement).focus();
    await userEvent.keyboard('{ArrowRight}');
    const library = tabs.getByRole('tab', { name: 'Library' });
    await expect.element(library).toHaveFocus();
    await expect.element(library).toHaveAttribute('aria-selected', 'true');
    // The selected tab's panel is the one shown, labelled by its tab.
    await expect.element(page.getByRole('tabpanel', { name: 'Library' })).toBeVisible();
    await userEvent.keyboard('{End}');
    await expect.element(tabs.getByRole('tab', { name: 'Collected' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(uploads).toHaveAttribute('aria-selected', 'true');
    await expect.element(uploads).toHaveFocus();
  });
});
