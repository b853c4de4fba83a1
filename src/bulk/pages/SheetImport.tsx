/**
 * Bulk products from a spreadsheet: the design images are uploaded first (a row names its image
 * by file name), then the sheet; each good row becomes a product of a new bulk job and each bad
 * row is listed with its row number. The template to fill in is a download.
 */
import { useState } from 'react';
import { newLocalId } from '@pod-studio/engine/model';
import { DEFAULT_FONT_FACE } from '@pod-studio/engine/layout';
import { catalogApi, type ProductDetail } from '../../api/catalog';
import { newItem, type BulkJob } from '../model/job';
import type { DesignSource } from '../model/design';
import { textDesign } from '../model/text-size';
import { readSheet, templateWorkbook } from '../sheet/read';
import { readSheetRows } from '../sheet/rows';
import { uploadDesignImage } from './DesignSetup';
import { eachLimited } from '../run/limited';
import { Button, buttonClass } from '../../ui/Button';

async function lookUp(ref: string): Promise<ProductDetail | null> {
  const res = /^\d+$/.test(ref) ? await catalogApi.info(Number(ref)) : await catalogApi.infoByHandle(ref);
  return res.code === 200 && res.data ? res.data : null;
}

export function SheetImport({ userId, onJob }: { userId: number; onJob: (job: BulkJob) => void }) {
  const [images, setImages] = useState<Map<string, DesignSource>>(new Map());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const addImages = async (files: FileList | null) => {
    if (!files) return;
    setBusy(true);
    const next = new Map(images);
    for (const f of Array.from(files)) {
      const d = await uploadDesignImage(f);
      if (d) next.set(f.name.toLowerCase(), d);
    }
    setImages(next);
    setBusy(false);
  };

  const importSheet = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError('');
    try {
      const read = await readSheet(file);
      if (!read.ok) {
        setError(read.msg);
        return;
      }
      const refs = [...new Set(read.rows.map((r) => (r.product ?? '').trim()).filter(Boolean))];
      const products = new Map<string, ProductDetail>();
      await eachLimited(refs, 4, async (ref) => {
        const p = await lookUp(ref);
        if (p) products.set(ref.toLowerCase(), p);
      });
      const result = readSheetRows(read.rows, products, images);
      const items = [];
      for (const [i, r] of result.products.entries()) {
        const designs: DesignSource[] = [];
        if (r.imageName) designs.push(images.get(r.imageName.toLowerCase())!);
        if (r.text) designs.push(await textDesign(r.text, '#000000', DEFAULT_FONT_FACE.family));
        items.push(
          newItem(`r${r.row}-${i}`, r.product.id, r.product.title, {
            selection: r.selection,
            priceCents: r.priceCents,
            title: r.title,
            designs,
          }),
        );
      }
      if (items.length === 0) {
        setError(result.rejected.map((x) => `Row ${x.row}: ${x.msg}`).join('\n'));
        return;
      }
      onJob({
        id: newLocalId(),
        userId,
        kind: 'sheet',
        createdAt: Date.now(),
        designName: file.name.replace(/\.[a-z]+$/i, ''),
        titleTemplate: '{product}',
        colours: 'first',
        designs: [],
        background: null,
        areas: {},
        items,
        rejected: result.rejected,
      });
    } finally {
      setBusy(false);
    }
  };

  const downloadTemplate = async () => {
    const blob = await templateWorkbook({
      product: 'classic-tee',
      design_image: 'my-logo.png',
      design_text: 'Hello',
      colours: 'White, Black',
      sizes: 'M, L',
      price: '24.99',
      title: 'My tee',
    });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'bulk-products-template.xlsx';
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
  };

  return (
    <section className="card bulk-section" aria-labelledby="bulk-sheet-h">
      <h2 id="bulk-sheet-h">Or create products from a spreadsheet</h2>
      <p className="muted">
        One row per product: product (id or handle), design_image (file name of an image uploaded here), design_text, colours, sizes, price,
        title.
      </p>
      <div className="bulk-actions">
        <Button onClick={() => void downloadTemplate()}>Download template</Button>
        <label className={buttonClass()}>
          Upload design images
          <input
            type="file"
            accept="image/png,image/jpeg"
            multiple
            className="visually-hidden"
            aria-label="Upload design images for the spreadsheet"
            disabled={busy}
            onChange={(e) => void addImages(e.target.files)}
          />
        </label>
        <label className={buttonClass()}>
          Upload spreadsheet
          <input
            type="file"
            accept=".xlsx,.xls,.csv"
            className="visually-hidden"
            aria-label="Upload spreadsheet"
            disabled={busy}
            onChange={(e) => {
              void importSheet(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </label>
        <span role="status">{images.size > 0 ? `${images.size} images ready` : ''}</span>
      </div>
      {error && (
        <p role="alert" className="field-error" style={{ whiteSpace: 'pre-line' }}>
          {error}
        </p>
      )}
    </section>
  );
}
