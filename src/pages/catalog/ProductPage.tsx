/**
 * The product page: /all-products/{category}/{subcategory}/{handle | id | 'details'?id=} and
 * /all-products/details/{id}. Resolved by id (getInfo) or handle (getInfoByHandle); an unknown
 * one shows the catalogue's not-found page. Gallery with the image viewer, options with colour
 * swatches and the option rule, the variant's price, a shipping estimate, the design entry and
 * related products.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { catalogApi, type ProductDetail } from '../../api/catalog';
import { CatalogNotFound, LoadFailed } from '../../components/catalog/CatalogNotFound';
import { money, onSite, useDocumentTitle, useScrollTopOnPush, useSiteBase } from '../../components/catalog/format';
import { AddToCartButton } from '../commerce/AddToCartButton';
import {
  chosenVariant,
  initialSelection,
  matchingVariants,
  OptionPicker,
  type OptionPickerHandle,
  type Selection,
} from '../../components/catalog/OptionPicker';
import { ProductGallery } from '../../components/catalog/ProductGallery';
import { ProductStrip } from '../../components/catalog/ProductStrip';
import { SafeHtml } from '../../components/catalog/SafeHtml';
import { ShippingCalculator } from '../../components/catalog/ShippingCalculator';
import { useEnvelope } from '../../components/catalog/useCatalog';
import { DesignerLauncher, DESIGN_PARAM } from '../../designer/dialog/DesignerLauncher';
import { session } from '../../state/session';
import { requireLoginThen } from '../../state/ui';
import '../../styles/catalog.css';

/** Custom type codes have no fixed meaning; these names are the catalogue's own (contract/catalog.ts). */
const CUSTOM_TYPE_NAMES: Readonly<Record<number, string>> = {
  2: 'All-Over Print',
  3: 'Print Area',
  5: 'Wrap Print',
  6: 'Flat Print',
  7: 'Wall Art',
  8: 'Photo Print',
  9: 'Photo Gift',
  12: 'Personalized',
};

type Lookup = { kind: 'id'; value: string } | { kind: 'handle'; value: string } | null;

function useLookup(): Lookup {
  const { id } = useParams();
  const [sp] = useSearchParams();
  if (!id) return null;
  if (id === 'details') {
    const q = sp.get('id');
    return q && /^\d{1,9}$/.test(q) ? { kind: 'id', value: q } : null;
  }
  if (/^\d{1,9}$/.test(id)) return { kind: 'id', value: id };
  return /^[A-Za-z0-9][A-Za-z0-9-]{0,199}$/.test(id) ? { kind: 'handle', value: id.toLowerCase() } : null;
}

export function ProductPage() {
  const lookup = useLookup();
  const key = lookup ? `${lookup.kind}:${lookup.value}` : null;
  useScrollTopOnPush(key ?? '');
  const loaded = useEnvelope(key, () =>
    lookup?.kind === 'id' ? catalogApi.info(lookup.value) : catalogApi.infoByHandle(lookup?.value ?? ''),
  );
  const product = loaded.res?.data ?? null;
  const stale =
    product !== null && lookup !== null && (lookup.kind === 'id' ? String(product.id) !== lookup.value : product.handle !== lookup.value);

  if (!lookup) return <CatalogNotFound />;
  if (loaded.status === 'error' && (loaded.code === 10000 || loaded.code === 404)) return <CatalogNotFound />;
  if (loaded.status === 'error')
    return (
      <div className="container">
        <LoadFailed msg={loaded.msg} onRetry={loaded.reload} />
      </div>
    );
  if (!product || stale) return <ProductSkeleton />;
  return <ProductView key={product.id} product={product} />;
}

function ProductSkeleton() {
  return (
    <div className="container wide pdp-wrap" aria-busy="true">
      <p className="sr-only" role="status">
        Loading product…
      </p>
      <div className="pdp">
        <div className="pdp-gallery">
          <div className="pdp-main">
            <span className="img">
              <span className="img-placeholder" />
            </span>
          </div>
        </div>
        <div className="pdp-info">
          <span className="sk-line wide" />
          <span className="sk-line" />
          <span className="sk-line short" />
        </div>
      </div>
    </div>
  );
}

function ProductView({ product }: { product: ProductDetail }) {
  const base = useSiteBase();
  const navigate = useNavigate();
  const { category, subcategory } = useParams();
  const [sp, setSp] = useSearchParams();
  const snap = useSnapshot(session);
  const picker = useRef<OptionPickerHandle>(null);
  const { options, variants } = product;
  const [selection, setSelection] = useState<Selection>(() => initialSelection(options, sp.get('color')));
  const [errors, setErrors] = useState<boolean[]>(() => options.map(() => false));
  useDocumentTitle(product.title);

  // A product reached under other slugs (an old link, an id) settles on its own address.
  useEffect(() => {
    if (category !== undefined && (category !== product.categorySlug || subcategory !== product.subcategorySlug)) {
      navigate({ pathname: onSite(base, product.url), search: sp.toString() ? `?${sp.toString()}` : '' }, { replace: true });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [product.id]);

  const colourIdx = options.findIndex((o) => o.isColor);
  const colour = colourIdx >= 0 ? (selection[colourIdx] ?? null) : null;
  const variant = chosenVariant(options, variants, selection);
  const matching = useMemo(() => matchingVariants(variants, selection), [variants, selection]);
  const costs = matching.length > 0 ? matching.map((v) => v.cost) : [product.minCost];
  const low = Math.min(...costs);
  const high = Math.max(...costs);

  const choose = (next: Selection) => {
    setSelection(next);
    setErrors((errs) => errs.map((e, i) => e && !next[i]));
    // The colour is part of the address, so a reload or a shared link shows the same colour.
    if (colourIdx >= 0 && next[colourIdx] !== selection[colourIdx]) {
      const nsp = new URLSearchParams(sp);
      nsp.set('color', next[colourIdx] ?? '');
      setSp(nsp, { replace: true });
    }
  };

  /** The option rule: every option needs a value; the first missing one gets the focus. */
  const optionsChosen = (): boolean => {
    const missing = options.map((_, i) => !selection[i]);
    setErrors(missing);
    const first = missing.indexOf(true);
    if (first >= 0) picker.current?.focusOption(first);
    return first < 0;
  };

  // The designer asks for the options itself (and for several sizes at once), so Design opens it
  // with whatever is chosen here, without demanding a size first.
  const onDesign = () => {
    requireLoginThen(snap.loggedIn === true, () => {
      // The address opens the designer, so a reload comes back to it (and to its draft).
      const nsp = new URLSearchParams(window.location.search);
      nsp.set(DESIGN_PARAM, String(product.id));
      setSp(nsp);
    });
  };

  const printAreas =
    (product.customInfo.printAreas as
      | {
          flatId: string;
          name: string;
          widthIn: number;
          heightIn: number;
          width: number;
          height: number;
          flatWidth?: number;
          flatHeight?: number;
        }[]
      | undefined) ?? [];
  const typeName = CUSTOM_TYPE_NAMES[product.customType];
  const subPath = `/all-products/${product.categorySlug}/${product.subcategorySlug}`;

  return (
    <div className="container wide pdp-wrap">
      <nav aria-label="Breadcrumb" className="crumbs">
        <ol>
          <li>
            <Link to={base || '/'}>Home</Link>
          </li>
          <li>
            <Link to={onSite(base, '/all-products')}>All products</Link>
          </li>
          <li>
            <Link to={onSite(base, `/all-products/${product.categorySlug}`)}>{product.category.name}</Link>
          </li>
          <li>
            <Link to={onSite(base, subPath)}>{product.subcategory.name}</Link>
          </li>
          <li>
            <span aria-current="page">{product.title}</span>
          </li>
        </ol>
      </nav>

      <div className="pdp">
        <section className="pdp-media" aria-label="Product pictures">
          <ProductGallery title={product.title} gallery={product.gallery} colorName={colour} />
        </section>

        <section className="pdp-info" aria-labelledby="pdp-title">
          <h1 id="pdp-title">{product.title}</h1>
          <div className="pdp-badges">
            {typeName && <span className="tag">{typeName}</span>}
            {product.is3D === 1 && <span className="tag">3D mockup</span>}
            {product.hotSelling === 1 && <span className="tag hot">Hot selling</span>}
            <span className={`ship-tag ship-${product.shipFromCode.toLowerCase()}`}>Ships from {product.shipFrom}</span>
          </div>
          <p className="pdp-price" aria-live="polite">
            {variant ? (
              money(variant.cost)
            ) : low === high ? (
              money(low)
            ) : (
              <>
                From {money(low)} <span className="muted small">to {money(high)}</span>
              </>
            )}
          </p>
          <p className="pdp-price-note muted small">Product cost per item, shipping extra{variant ? ` · SKU ${variant.sku}` : ''}</p>

          <OptionPicker ref={picker} options={options} variants={variants} selection={selection} errors={errors} onChange={choose} />

          <div className="pdp-actions">
            <button type="button" className="btn primary large" onClick={onDesign}>
              Design
            </button>
            {variant ? (
              <AddToCartButton productId={product.id} variantId={variant.id} label="Order a sample" className="btn large" />
            ) : (
              <button type="button" className="btn large" onClick={optionsChosen}>
                Order a sample
              </button>
            )}
            <p className="muted small">No minimum order quantity. Production within 2 hours at the earliest.</p>
          </div>

          <ShippingCalculator
            productId={product.id}
            shipFromCode={product.shipFromCode}
            shipFrom={product.shipFrom}
            variantId={variant?.id ?? null}
            unitCost={variant?.cost ?? low}
            unitIsFrom={!variant && low !== high}
          />
        </section>
      </div>

      <div className="pdp-details">
        <section aria-labelledby="pdp-desc">
          <h2 id="pdp-desc">Description</h2>
          <SafeHtml html={product.bodyHtml} className="prose-sm" />
        </section>
        <section aria-labelledby="pdp-props">
          <h2 id="pdp-props">Specifications</h2>
          <dl className="props">
            {product.properties.map((p) => (
              <div key={p.name}>
                <dt>{p.name}</dt>
                <dd>{p.value}</dd>
              </div>
            ))}
          </dl>
          {printAreas.length > 0 && (
            <>
              <h3>Print areas</h3>
              <table className="areas">
                <thead>
                  <tr>
                    <th scope="col">Area</th>
                    <th scope="col">Size</th>
                    <th scope="col">Artwork at 150 DPI</th>
                  </tr>
                </thead>
                <tbody>
                  {printAreas.map((a) => (
                    <tr key={a.flatId}>
                      <th scope="row">{a.name}</th>
                      <td>
                        {a.widthIn} × {a.heightIn} in
                      </td>
                      <td>
                        {a.flatWidth ?? Math.round(a.widthIn * 150)} × {a.flatHeight ?? Math.round(a.heightIn * 150)} px
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </>
          )}
        </section>
      </div>

      <ProductStrip
        title="Related products"
        loadKey={`related:${product.id}`}
        load={() => catalogApi.related(product.id, 5)}
        count={5}
        seeAll={{ to: subPath, label: `More ${product.subcategory.name}` }}
        className="related"
      />

      <DesignerLauncher selection={selection} />
    </div>
  );
}
