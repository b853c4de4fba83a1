/**
 * The home page's catalogue sections: hot-selling products (with the hot-selling categories),
 * the categories with their icons and counts, and the 3D-customizable products, from the API.
 */
import { Link } from 'react-router-dom';
import { catalogApi } from '../../api/catalog';
import { Img } from './Img';
import { onSite, useSiteBase } from './format';
import { ProductStrip } from './ProductStrip';
import { useCategories, useEnvelope } from './useCatalog';
import '../../styles/catalog.css';

export function HotSellingSection() {
  const base = useSiteBase();
  const hot = useEnvelope('hotCategories', () => catalogApi.hotCategories());
  const { categories } = useCategories();
  const cats = hot.res?.rows ?? [];
  // "T-shirt" is a subcategory of both clothing categories: name the category where a name repeats.
  const label = (c: (typeof cats)[number]) =>
    cats.filter((x) => x.title === c.title).length > 1
      ? `${c.title} · ${categories.find((k) => k.slug === c.categorySlug)?.title ?? c.categorySlug}`
      : c.title;
  return (
    <div className="container">
      <ProductStrip
        id="hot-selling"
        title="Hot-selling products"
        loadKey="home:hot"
        load={() => catalogApi.hotSelling(10)}
        count={10}
        seeAll={{ to: '/all-products/hot-selling', label: 'See all hot sellers' }}
        intro={
          cats.length > 0 ? (
            <ul className="hot-cats" aria-label="Hot-selling categories">
              {cats.map((c) => (
                <li key={c.id}>
                  <Link to={onSite(base, c.path)}>
                    <Img src={c.cover} alt="" size={4} className="hot-cat-img" />
                    <span>{label(c)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : undefined
        }
      />
    </div>
  );
}

export function CategoriesSection() {
  const base = useSiteBase();
  const { categories, fromApi } = useCategories();
  const menu = categories.filter((c) => c.inMenu);
  return (
    <section className="band alt" aria-labelledby="cat-title">
      <div className="container">
        <div className="pstrip-head">
          <h2 id="cat-title">Categories</h2>
          <Link className="see-all" to={onSite(base, '/all-products')}>
            All products <span aria-hidden="true">→</span>
          </Link>
        </div>
        <ul className="cat-tiles" aria-busy={!fromApi}>
          {menu.map((c) => (
            <li key={c.slug}>
              <Link to={onSite(base, c.path)} className="cat-tile">
                {c.icon ? (
                  <Img src={c.icon} alt="" size={4} className="cat-icon" />
                ) : (
                  <span className="img cat-icon">
                    <span className="img-placeholder" />
                  </span>
                )}
                <span className="cat-name">{c.title}</span>
                {c.count !== null && <span className="muted small">{c.count} products</span>}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function Custom3DSection() {
  return (
    <div className="band">
      <div className="container">
        <ProductStrip
          title="3D-customizable products"
          intro={
            <p className="muted">
              See your design wrap around the real product: photo-real 3D mockups in every colour, ready for your store.
            </p>
          }
          loadKey="home:3d"
          load={() => catalogApi.custom3D(5)}
          count={5}
          seeAll={{ to: '/all-products?3d=1', label: 'See all 3D products' }}
        />
      </div>
    </div>
  );
}
