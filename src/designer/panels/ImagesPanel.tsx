/**
 * The images panel: upload (with the retry rule), my uploads (shopCustomImages, remove), the
 * material library by tag with collect/uncollect and the collected list; for the selected image
 * the DPI indicator and tiling with the engine's pattern types.
 */
import { useCallback, useEffect, useState } from 'react';
import { TILING_PATTERN_TYPES, type ImageElement, type TilingPatternType } from '@pod-studio/engine';
import { designerApi, type MaterialImage, type MaterialTagItem, type UploadedImage } from '../../api/designer';
import { ConfirmDialog } from '../../components/Modal';
import { toast } from '../../state/ui';
import type { Editor } from '../editor';
import { useUploads } from '../uploads/useUploads';
import { dpiReading, imageInsertIndex, placeImage, TILING_NAMES, tilingError, type PlaceImage } from './image-tools';
import { useSelected } from './useSelected';
import { UploadThumbs } from '../uploads/UploadThumbs';
import { Tabs } from '../../ui/Tabs';

type Tab = 'uploads' | 'library' | 'collected';
const PICTURE_TABS: readonly Tab[] = ['uploads', 'library', 'collected'];
const PICTURE_TAB_NAMES: Readonly<Record<Tab, string>> = { uploads: 'My uploads', library: 'Library', collected: 'Collected' };

export function ImagesPanel({ editor, retryDelayMs }: { editor: Editor; retryDelayMs?: number }) {
  const { element, flat } = useSelected(editor);
  const [tab, setTab] = useState<Tab>('uploads');
  const [mine, setMine] = useState<UploadedImage[] | null>(null);
  const canImage = !flat || flat.flatData.img === 1;

  const add = useCallback(
    (img: PlaceImage) => {
      const f = editor.state.template.flatList.find((x) => x.flatId === editor.state.activeFlatId);
      if (!f || f.flatData.img !== 1) {
        toast('warning', 'This print area takes no images.');
        return;
      }
      const placed = editor.state.design.flatDesignList.find((d) => d.flatId === f.flatId)?.designList ?? [];
      editor.addElement(f.flatId, placeImage(f.flatId, f.flatData, img), { select: true, index: imageInsertIndex(placed) });
    },
    [editor],
  );

  const loadMine = useCallback(async () => {
    const res = await designerApi.myImages();
    if (res.code === 200) setMine(res.rows ?? []);
  }, []);
  useEffect(() => {
    void loadMine();
  }, [loadMine]);

  const uploads = useUploads({
    onUploaded: (img) => {
      add({ url: img.url, width: img.width, height: img.height, fileName: img.fileName, designId: String(img.id) });
      void loadMine();
    },
    ...(retryDelayMs !== undefined ? { retryDelayMs } : {}),
  });

  const remove = async (img: UploadedImage) => {
    const res = await designerApi.removeMyImage(img.id);
    if (res.code === 200) setMine((m) => (m ?? []).filter((x) => x.id !== img.id));
  };

  const image = element?.type === 'image' ? element : null;

  return (
    <div className="dz-panel dz-images-panel">
      <label className={`btn primary dz-upload${canImage ? '' : ' disabled'}`}>
        Upload image
        <input
          type="file"
          accept="image/jpeg,image/png,.jpg,.jpeg,.png"
          multiple
          disabled={!canImage}
          className="visually-hidden"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = '';
            void uploads.upload(files);
          }}
        />
      </label>
      <p className="muted small">JPEG or PNG, up to 40 MB.</p>
      {uploads.records.some((r) => r.uploadStatus !== 1) && (
        <ul className="dz-records" aria-label="Uploads in progress">
          {uploads.records
            .filter((r) => r.uploadStatus !== 1)
            .map((r) => (
              <li key={r.fileIndex} data-status={r.uploadStatus}>
                {r.fileName}: {r.uploadStatus === 0 ? 'Uploading…' : `Failed${r.msg ? ` (${r.msg})` : ''}, retrying`}
              </li>
            ))}
        </ul>
      )}

      {image && flat && <SelectedImageTools editor={editor} image={image} flatData={flat.flatData} />}

      <Tabs
        label="Pictures"
        listClassName="dz-tool-tabs small"
        value={tab}
        onValueChange={setTab}
        items={PICTURE_TABS.map((t) => ({ value: t, label: PICTURE_TAB_NAMES[t] }))}
      >
        {tab === 'uploads' && (
          <UploadThumbs
            label="My uploads"
            items={mine}
            empty="No uploads yet."
            disabled={!canImage}
            pickName={(img) => `Add ${img.fileName || 'image'} to the design`}
            onPick={(img) => add({ url: img.url, width: img.width, height: img.height, fileName: img.fileName, designId: String(img.id) })}
            removeName={(img) => `Remove ${img.fileName || 'image'} from my uploads`}
            onRemove={(img) => void remove(img)}
          />
        )}
        {tab === 'library' && <Library onAdd={add} canImage={canImage} />}
        {tab === 'collected' && <Library onAdd={add} canImage={canImage} collectedOnly />}
      </Tabs>

      <ConfirmDialog
        open={uploads.confirm !== null}
        title="Message"
        text={uploads.confirm?.text ?? ''}
        confirmText="Re-upload"
        cancelText="Cancel"
        onConfirm={() => uploads.answer(true)}
        onCancel={() => uploads.answer(false)}
      />
    </div>
  );
}

function SelectedImageTools({
  editor,
  image,
  flatData,
}: {
  editor: Editor;
  image: ImageElement;
  flatData: Parameters<typeof dpiReading>[1];
}) {
  const dpi = dpiReading(image, flatData);
  const setTiling = (value: string) => {
    const tiling =
      value === ''
        ? null
        : {
            type: Number(value) as TilingPatternType,
            spacing: image.tiling?.spacing ?? 0,
            seed: image.tiling?.seed ?? Math.floor(Math.random() * 2 ** 31),
          };
    const err = tilingError(image, flatData, tiling);
    if (err) {
      toast('warning', err);
      return;
    }
    editor.updateElement(image.localId, { tiling, tilingLayer: null });
  };
  return (
    <section className="dz-image-tools" aria-label="Selected image">
      <p className={`dz-dpi dpi-${dpi.quality}`} role="status">
        Resolution: <strong>{dpi.label}</strong> ({dpi.dpi} dpi){dpi.quality === 'bad' ? ': low resolution, the print may look blurry' : ''}
      </p>
      <label className="dz-field">
        Tiling
        <select value={image.tiling === null ? '' : String(image.tiling.type)} onChange={(e) => setTiling(e.target.value)}>
          <option value="">None</option>
          {TILING_PATTERN_TYPES.map((t) => (
            <option key={t} value={t}>
              {TILING_NAMES[t]}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}

function Library({
  onAdd,
  canImage,
  collectedOnly = false,
}: {
  onAdd: (img: PlaceImage) => void;
  canImage: boolean;
  collectedOnly?: boolean;
}) {
  const [tags, setTags] = useState<MaterialTagItem[]>([]);
  const [tagId, setTagId] = useState<number | undefined>(undefined);
  const [rows, setRows] = useState<MaterialImage[] | null>(null);
  useEffect(() => {
    if (!collectedOnly) void designerApi.materialTags().then((r) => setTags(r.rows ?? []));
  }, [collectedOnly]);
  useEffect(() => {
    let live = true;
    setRows(null);
    const load = collectedOnly ? designerApi.collected() : designerApi.materials({ tagId, pageSize: 30 });
    void load.then((r) => {
      if (live) setRows((r.rows ?? []) as MaterialImage[]);
    });
    return () => {
      live = false;
    };
  }, [tagId, collectedOnly]);

  const toggle = async (m: MaterialImage) => {
    const res = m.collected || collectedOnly ? await designerApi.uncollect(m.id) : await designerApi.collect(m.id);
    if (res.code !== 200 || !res.data) return;
    const collected = res.data.collected;
    setRows((rs) => (rs ?? []).flatMap((x) => (x.id !== m.id ? [x] : collectedOnly && !collected ? [] : [{ ...x, collected }])));
  };

  return (
    <div className="dz-library">
      {!collectedOnly && (
        <label className="dz-field">
          Tag
          <select value={tagId ?? ''} onChange={(e) => setTagId(e.target.value ? Number(e.target.value) : undefined)}>
            <option value="">All</option>
            {tags.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name} ({t.count})
              </option>
            ))}
          </select>
        </label>
      )}
      {rows === null ? (
        <p role="status">Loading…</p>
      ) : rows.length === 0 ? (
        <p className="muted small">Nothing here yet.</p>
      ) : (
        <ul className="dz-thumbs">
          {rows.map((m) => {
            const collected = collectedOnly || m.collected;
            return (
              <li key={m.id}>
                <button
                  type="button"
                  className="dz-thumb"
                  disabled={!canImage}
                  aria-label={`Add ${m.name} to the design`}
                  onClick={() => onAdd({ url: m.url, width: m.width, height: m.height, fileName: m.name, designId: String(m.id) })}
                >
                  <img src={m.thumbnailUrl} alt="" loading="lazy" />
                </button>
                <button
                  type="button"
                  className="link-btn small"
                  aria-pressed={collected}
                  aria-label={`${collected ? 'Uncollect' : 'Collect'} ${m.name}`}
                  onClick={() => void toggle(m)}
                >
                  {collected ? 'Collected' : 'Collect'}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
