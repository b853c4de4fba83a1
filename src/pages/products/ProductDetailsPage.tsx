/**
 * A saved product's or template's details (/my-products/details/:id, /my-templates/details/:id):
 * every rendered view in every colour, the variants with cost, price and profit, the
 * description, and the actions (edit, use the template, copy, delete after a confirmation).
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { myProductsApi, type MyProductDetail } from '../../api/products';
import { Img } from '../../components/catalog/Img';
import { SafeHtml } from '../../components/catalog/SafeHtml';
import { money, priceRange, useDocumentTitle } from '../../components/catalog/format';
import { ConfirmDialog } from '../../components/Modal';
import { Code } from '../../../contract/envelope';
import { ProductMessages } from '../../../contract/products';
import { SampleButton } from './SampleButton';
import { PushToStoreButton } from '../../components/shops/PushToStoreButton';
import { DesignerHook, editHref, templateUseHref } from './DesignerHook';
import { detailsHref, imagesByColour, LIST_PATH, LIST_TITLE, type ListKind } from './listing';
import '../../styles/catalog.css';
import '../../styles/products.css';

type LoadState =
  { status: 'loading' } | { status: 'missing' } | { status: 'failed'; msg: string } | { status: 'ready'; product: MyProductDetail };

export function ProductDetailsPage({ kind }: { kind: ListKind }) {
  const { id: rawId = '' } = useParams();
  const id = /^\d{1,9}$/.test(rawId) ? Number(rawId) : null;
  const navigate = useNavigate();
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [reload, setReload] = useState(0);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (id === null) {
      setState({ status: 'missing' });
      return;
    }
    let live = true;
    void myProductsApi.info(id).then((res) => {
      if (!live || res.code === Code.BREAK) return;
      if (res.code === Code.NOT_FOUND) setState({ status: 'missing' });
      else if (res.code !== Code.SUCCESS || !res.data) setState({ status: 'failed', msg: res.msg });
      else setState({ status: 'ready', product: res.data });
    });
    return () => {
      live = false;
    };
  }, [id, reload]);

  const product = state.status === 'ready' ? state.product : null;
  // A template opened under /my-products (or the other way round) moves to its own page.
  const actualKind: ListKind | null = product ? (product.isTemplate ? 'templates' : 'products') : null;
  useEffect(() => {
    if (product && actualKind && actualKind !== kind) navigate(detailsHref(actualKind, product.id), { replace: true });
  }, [product, actualKind, kind, navigate]);
  useDocumentTitle(product?.title);

  const refresh = useCallback(() => setReload((n) => n + 1), []);

  const copy = async () => {
    if (!product) return;
    setBusy(true);
    const res = await myProductsApi.copy(product.id);
    setBusy(false);
    if (res.code === Code.SUCCESS && res.data) navigate(detailsHref(kind, res.data.id));
  };

  const remove = async () => {
    if (!product) return;
    setConfirming(false);
    setBusy(true);
    const res = await myProductsApi.remove([product.id]);
    setBusy(false);
    if (res.code === Code.SUCCESS) navigate(LIST_PATH[kind], { replace: true });
  };

  const back = (
    <Link to={LIST_PATH[kind]} className="myp-back">
      ‹ Back to {LIST_TITLE[kind]}
    </Link>
  );

  if (state.status === 'loading')
    return (
      <div className="myp-page">
        {back}
        <p role="status" className="muted">
          Loading…
        </p>
      </div>
    );
  if (state.status === 'missing' || state.status === 'failed') {
    return (
      <div className="myp-page">
        {back}
        <div className="empty-state" role="alert">
          <h1>
            {state.status === 'missing' ? (kind === 'templates' ? ProductMessages.templateNotFound : ProductMessages.notFound) : state.msg}
          </h1>
          <Link to={LIST_PATH[kind]} className="btn">
            Go to {LIST_TITLE[kind]}
          </Link>
        </div>
      </div>
    );
  }

  const p = state.product;
  const groups = imagesByColour(p.images);
  return (
    <div className="myp-page myp-details">
      {back}
      <header className="myp-head">
        <div>
          <h1>{p.title}</h1>
          {p.parent && (
            <p className="muted">
              Made on <Link to={p.parent.url}>{p.parent.title}</Link>
            </p>
          )}
        </div>
        <div className="myp-actions">
          {kind === 'templates' && (
            <Link className="btn primary" to={templateUseHref(p.id)}>
              Use this template
            </Link>
          )}
          {kind === 'products' && p.parent && <SampleButton product={p} parentId={p.parent.id} />}
          {kind === 'products' && <PushToStoreButton productId={p.id} title={p.title} className="btn" />}
          <Link className="btn" to={editHref(detailsHref(kind, p.id), p.id)}>
            Edit
          </Link>
          <button type="button" className="btn" onClick={() => void copy()} disabled={busy}>
            Copy
          </button>
          <button type="button" className="btn danger" onClick={() => setConfirming(true)} disabled={busy}>
            Delete
          </button>
        </div>
      </header>

      <section aria-labelledby="myp-views" className="myp-section">
        <h2 id="myp-views">Views</h2>
        {groups.length === 0 && (
          <div className="myp-noimages">
            {p.parent && <Img src={p.parent.pic1} alt={p.parent.title} size={5} className="myp-view-img" />}
            <p className="muted">No mockups have been rendered for this design yet. Open it in the designer and save it to render them.</p>
          </div>
        )}
        {groups.map((g) => {
          const previews = g.images.map((img) => ({ src: img.url, alt: `${img.viewName || img.viewId} – ${g.colorName || g.colorValue}` }));
          return (
            <section key={g.colorValue || 'default'} className="myp-colour" aria-label={g.colorName || g.colorValue || 'Views'}>
              {(g.colorName || g.colorValue) && (
                <h3 className="myp-colour-name">
                  {g.colorValue && <span className="swatch-dot" style={{ background: g.colorValue }} aria-hidden="true" />}
                  {g.colorName || g.colorValue}
                </h3>
              )}
              <ul className="myp-views">
                {g.images.map((img, i) => (
                  <li key={img.id}>
                    <figure>
                      <Img src={img.url} alt={previews[i]!.alt} previewList={previews} previewIndex={i} className="myp-view-img" />
                      <figcaption>{img.viewName || img.viewId}</figcaption>
                    </figure>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </section>

      <section aria-labelledby="myp-variants" className="myp-section">
        <h2 id="myp-variants">Variants and prices</h2>
        {p.variants.length > 0 && (
          <p className="muted">
            Selling at {priceRange(p.minPrice, p.maxPrice)} · {p.variants.length} {p.variants.length === 1 ? 'variant' : 'variants'}
          </p>
        )}
        <div className="myp-table-wrap">
          <table className="myp-table">
            <thead>
              <tr>
                <th scope="col">Variant</th>
                <th scope="col">SKU</th>
                <th scope="col">Cost</th>
                <th scope="col">Price</th>
                <th scope="col">Profit</th>
              </tr>
            </thead>
            <tbody>
              {p.variants.map((v) => (
                <tr key={v.id} className={v.available ? undefined : 'unavailable'}>
                  <th scope="row">
                    {v.title}
                    {!v.available && <span className="myp-warn"> (no longer sold)</span>}
                  </th>
                  <td>{v.sku}</td>
                  <td>{money(v.cost)}</td>
                  <td>{money(v.price)}</td>
                  <td className={v.profit < 0 ? 'loss' : undefined}>{money(v.profit)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="myp-description" className="myp-section">
        <h2 id="myp-description">Description</h2>
        {p.bodyHtml ? <SafeHtml html={p.bodyHtml} className="myp-body" /> : <p className="muted">No description.</p>}
      </section>

      <ConfirmDialog
        open={confirming}
        text={`Are you sure you want to delete “${p.title}”?`}
        confirmText="Delete"
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
      />
      <DesignerHook onSaved={refresh} />
    </div>
  );
}
