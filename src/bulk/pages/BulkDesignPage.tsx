/**
 * Bulk design (/bulk-design, /bulk-design/{id} with that product picked, /bulk-design/bulk_design_bg
 * for a background on every product): pick many products, add designs once, place them per print
 * area kind, preview and adjust any product (six at a time), then render every mockup through the render pool
 * and save all the products at once; the prices are set on the next page. A job in progress is
 * kept in this browser and carries on after a reload.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { newLocalId } from '@pod-studio/engine/model';
import { BulkMessages } from '../../../contract/bulk';
import { catalogApi } from '../../api/catalog';
import { session } from '../../state/session';
import { toast } from '../../state/ui';
import { bulk, discardJob, openJob, render, saveRendered, startJob, stopPool } from '../run/runner';
import { loadProduct } from '../run/products';
import { newItem, toRender, type BulkJob } from '../model/job';
import type { Adjust } from '../model/placement';
import { ProductPicker, type Picked } from './ProductPicker';
import { DesignSetup, type AreaKind, type Setup } from './DesignSetup';
import { ProductPreview } from './ProductPreview';
import { BulkProgress } from './BulkProgress';
import { SheetImport } from './SheetImport';
import { Button } from '../../ui/Button';
import '../../styles/catalog.css';
import '../../styles/bulk.css';

/** Previews drawn at once; the merchant pages through the rest to see and adjust any product. */
const PREVIEW_PAGE = 6;

const initialSetup = (background: boolean): Setup => ({
  designs: [],
  background: background ? { kind: 'colour', color: '#F4E1C1' } : null,
  areas: {},
  colours: 'first',
  titleTemplate: '{design} {product}',
});

function designNameOf(setup: Setup): string {
  const first = setup.designs[0];
  if (!first) return '';
  return first.kind === 'image' ? first.fileName.replace(/\.[a-z0-9]+$/i, '') : first.text.slice(0, 40);
}

/** The print area kinds of the picked products, in first-seen order, named as the catalogue names them. */
function useAreaKinds(picked: readonly Picked[]): AreaKind[] {
  const [kinds, setKinds] = useState<AreaKind[]>([]);
  const ids = picked.map((p) => p.id).join(',');
  useEffect(() => {
    let live = true;
    void Promise.all(picked.slice(0, 40).map((p) => loadProduct(p.id).catch(() => null))).then((loaded) => {
      if (!live) return;
      const seen = new Map<string, AreaKind>();
      for (const l of loaded) {
        const names = new Map(
          ((l?.template.templateData as { flats?: { flatId: string; name: string }[] } | null)?.flats ?? []).map((f) => [f.flatId, f.name]),
        );
        l?.template.flatList.forEach((f, i) => {
          const kind = seen.get(f.flatId) ?? { flatId: f.flatId, name: names.get(f.flatId) ?? f.flatId, main: false };
          // A kind is "main" when it is the first print area of some picked product.
          seen.set(f.flatId, { ...kind, main: kind.main || i === 0 });
        });
      }
      setKinds([...seen.values()]);
    });
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ids]);
  return kinds;
}

export function BulkDesignPage({ background = false }: { background?: boolean }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const snap = useSnapshot(bulk);
  const userId = session.user?.sShopUser.id ?? null;
  const [opened, setOpened] = useState(false);
  const [picked, setPicked] = useState<Picked[]>([]);
  const [setup, setSetup] = useState<Setup>(() => initialSetup(background));
  const [adjusts, setAdjusts] = useState<Record<number, Adjust>>({});
  const [previewPage, setPreviewPage] = useState(0);
  const previewPages = Math.max(1, Math.ceil(picked.length / PREVIEW_PAGE));
  // Unpicking products can leave the page past the end: show the last one there is.
  const shownPage = Math.min(previewPage, previewPages - 1);
  const shown = picked.slice(shownPage * PREVIEW_PAGE, (shownPage + 1) * PREVIEW_PAGE);
  const [error, setError] = useState('');
  const kinds = useAreaKinds(picked);

  useEffect(() => {
    if (userId === null) return;
    void openJob(userId).then((job) => {
      setOpened(true);
      if (job && toRender(job).length > 0) void render();
    });
    return stopPool;
  }, [userId]);

  useEffect(() => {
    const pid = Number(id);
    if (!Number.isInteger(pid) || pid <= 0) return;
    void catalogApi.info(pid).then((res) => {
      if (res.code === 200 && res.data) setPicked((p) => (p.some((x) => x.id === pid) ? p : [...p, { id: pid, title: res.data!.title }]));
    });
  }, [id]);

  const start = async (job?: BulkJob) => {
    if (userId === null) return;
    if (job) return startJob(job);
    if (picked.length === 0) return setError(BulkMessages.noProducts);
    if (setup.designs.length === 0 && !setup.background) return setError(BulkMessages.noDesign);
    setError('');
    await startJob({
      id: newLocalId(),
      userId,
      kind: background ? 'background' : 'design',
      createdAt: Date.now(),
      designName: designNameOf(setup),
      titleTemplate: setup.titleTemplate,
      colours: setup.colours,
      designs: setup.designs,
      background: setup.background,
      // Only what the merchant changed: an area left alone prints when it is its product's first one.
      areas: setup.areas,
      items: picked.map((p, i) => newItem(`p${i}`, p.id, p.title, adjusts[p.id] ? { adjust: adjusts[p.id]! } : {})),
      rejected: [],
    });
  };

  const save = async () => {
    const ids = await saveRendered();
    if (!ids) return;
    const job = bulk.job;
    const failed = job?.items.filter((it) => it.state === 'failed').length ?? 0;
    if (failed > 0) toast('warning', `${failed} products could not be saved`);
    if (ids.length === 0) return;
    const customType = job?.kind === 'background' ? 2 : 1;
    // The price page fills {design} in its title templates with it.
    sessionStorage.setItem('pod.bulk.designName', job?.designName ?? '');
    await discardJob();
    void navigate(`/bulk-design/price?custom_type=${customType}&id_list=${ids.join(',')}`);
  };

  if (userId === null || !opened)
    return (
      <p className="page-loading" role="status">
        Loading…
      </p>
    );

  return (
    <div className="bulk-page">
      <h1>{background ? 'Bulk background design' : 'Bulk design'}</h1>
      {snap.job ? (
        <BulkProgress onSave={() => void save()} />
      ) : (
        <>
          <ProductPicker picked={picked} onChange={setPicked} />
          <DesignSetup setup={setup} kinds={kinds} background={background} onChange={setSetup} />
          {picked.length > 0 && (setup.designs.length > 0 || setup.background) && (
            <section className="card bulk-section" aria-labelledby="bulk-preview-h">
              <h2 id="bulk-preview-h">4. Preview and adjust</h2>
              <div className="bulk-previews">
                {shown.map((p) => (
                  <ProductPreview
                    key={p.id}
                    productId={p.id}
                    title={p.title}
                    setup={setup}
                    adjust={adjusts[p.id]}
                    onAdjust={(a) => setAdjusts({ ...adjusts, [p.id]: a })}
                  />
                ))}
              </div>
              {previewPages > 1 && (
                <nav className="bulk-preview-pages" aria-label="Previews">
                  <Button size="sm" disabled={shownPage === 0} onClick={() => setPreviewPage(shownPage - 1)}>
                    Previous products
                  </Button>
                  <span className="muted" aria-live="polite">
                    Products {shownPage * PREVIEW_PAGE + 1}–{shownPage * PREVIEW_PAGE + shown.length} of {picked.length}
                  </span>
                  <Button size="sm" disabled={shownPage >= previewPages - 1} onClick={() => setPreviewPage(shownPage + 1)}>
                    Next products
                  </Button>
                </nav>
              )}
            </section>
          )}
          {error && (
            <p role="alert" className="field-error">
              {error}
            </p>
          )}
          <div className="bulk-actions">
            <Button variant="primary" onClick={() => void start()}>
              Render {picked.length} products
            </Button>
          </div>
          <SheetImport userId={userId} onJob={(job) => void start(job)} />
        </>
      )}
    </div>
  );
}
