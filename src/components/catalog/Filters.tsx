/**
 * The catalogue filters: custom type, ship-from, price range, 3D only, and the search box. Radio
 * choices apply at once; typed values (search, prices) apply on Enter or their button. Every
 * change writes the URL query (see query.ts).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { CustomTypeRow } from '../../api/catalog';
import { money, PRICE_RE, priceInput } from './format';
import { SHIP_FROM_CHOICES, type CatalogQuery } from './query';

interface FiltersProps {
  query: CatalogQuery;
  update: (patch: Partial<CatalogQuery>) => void;
  clearFilters: () => void;
  customTypes: readonly CustomTypeRow[];
  /** The personalized zone lists by custom type in its tree: no second type filter there. */
  showType?: boolean;
  /** getCustomTypeList counts the whole catalogue: shown only where the page lists all of it. */
  typeCounts?: boolean;
}

/**
 * A value that follows `value` but changes at once when set: the URL update behind a filter runs
 * as a transition, and a controlled radio must not flick back to its old state meanwhile.
 */
export function useImmediate<T>(value: T): [T, (v: T) => void] {
  const [local, setLocal] = useState(value);
  useEffect(() => setLocal(value), [value]);
  return [local, setLocal];
}

export function Filters({
  query: committed,
  update: commit,
  clearFilters,
  customTypes,
  showType = true,
  typeCounts = false,
}: FiltersProps) {
  const [type, setType] = useImmediate(committed.type);
  const [ship, setShip] = useImmediate(committed.ship);
  const [is3d, setIs3d] = useImmediate(committed.is3d);
  const query = { ...committed, type, ship, is3d };
  const update = (patch: Partial<CatalogQuery>) => {
    if ('type' in patch) setType(patch.type ?? null);
    if ('ship' in patch) setShip(patch.ship ?? null);
    if ('is3d' in patch) setIs3d(Boolean(patch.is3d));
    commit(patch);
  };
  const anyFilter = Boolean(query.type !== null || query.ship || query.min || query.max || query.is3d || query.q);
  return (
    <div className="filters">
      <div className="filters-head">
        <h2>Filters</h2>
        {anyFilter && (
          <button type="button" className="link-btn" onClick={clearFilters}>
            Clear all
          </button>
        )}
      </div>

      {showType && customTypes.length > 0 && (
        <fieldset className="filter-group">
          <legend>Custom type</legend>
          <RadioRow name="type" label="All types" checked={query.type === null} onChange={() => update({ type: null })} />
          {customTypes.map((t) => (
            <RadioRow
              key={t.customType}
              name="type"
              label={t.name}
              hint={t.description}
              count={typeCounts ? t.productCount : undefined}
              checked={query.type === t.customType}
              onChange={() => update({ type: t.customType })}
            />
          ))}
        </fieldset>
      )}

      <fieldset className="filter-group">
        <legend>Ships from</legend>
        <RadioRow name="ship" label="Anywhere" checked={query.ship === null} onChange={() => update({ ship: null })} />
        {SHIP_FROM_CHOICES.map((s) => (
          <RadioRow
            key={s}
            name="ship"
            label={s === 'USA' ? 'USA warehouse' : 'Australia warehouse'}
            checked={query.ship === s}
            onChange={() => update({ ship: s })}
          />
        ))}
      </fieldset>

      <PriceRange query={committed} update={commit} />

      <fieldset className="filter-group">
        <legend>Mockup</legend>
        <label className="filter-option">
          <input type="checkbox" checked={query.is3d} onChange={(e) => update({ is3d: e.target.checked })} />
          <span>3D customizable only</span>
        </label>
      </fieldset>
    </div>
  );
}

function RadioRow({
  name,
  label,
  hint,
  count,
  checked,
  onChange,
}: {
  name: string;
  label: string;
  hint?: string;
  count?: number;
  checked: boolean;
  onChange: () => void;
}) {
  return (
    <label className="filter-option" title={hint}>
      <input type="radio" name={name} checked={checked} onChange={onChange} />
      <span className="filter-option__label">{label}</span>
      {count !== undefined && (
        <span className="count" aria-label={`${count} products`}>
          {count}
        </span>
      )}
    </label>
  );
}

function PriceRange({ query, update }: { query: CatalogQuery; update: (patch: Partial<CatalogQuery>) => void }) {
  const id = useId();
  const [min, setMin] = useState(query.min);
  const [max, setMax] = useState(query.max);
  const [error, setError] = useState('');
  useEffect(() => {
    setMin(query.min);
    setMax(query.max);
    setError('');
  }, [query.min, query.max]);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    for (const v of [min, max]) {
      if (v && !PRICE_RE.test(v)) {
        setError('Enter a price such as 12 or 12.50');
        return;
      }
    }
    if (min && max && Number(min) > Number(max)) {
      setError('The lowest price must not be above the highest price');
      return;
    }
    setError('');
    update({ min, max });
  };
  const active = query.min || query.max;
  return (
    <form className="filter-group price-range" onSubmit={apply} aria-labelledby={`${id}-legend`} noValidate>
      <p id={`${id}-legend`} className="legend">
        Price (USD)
      </p>
      <div className="price-inputs">
        <label htmlFor={`${id}-min`} className="sr-only">
          Lowest price in dollars
        </label>
        <input
          id={`${id}-min`}
          inputMode="decimal"
          placeholder="Min"
          value={min}
          onChange={(e) => setMin(priceInput(e.target.value))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
        />
        <span aria-hidden="true">–</span>
        <label htmlFor={`${id}-max`} className="sr-only">
          Highest price in dollars
        </label>
        <input
          id={`${id}-max`}
          inputMode="decimal"
          placeholder="Max"
          value={max}
          onChange={(e) => setMax(priceInput(e.target.value))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-err` : undefined}
        />
        <button type="submit" className="btn small">
          Apply
        </button>
      </div>
      {error && (
        <p id={`${id}-err`} className="field-error" role="alert">
          {error}
        </p>
      )}
      {active && !error && (
        <p className="muted small">
          Showing {query.min ? `from ${money(Number(query.min) * 100)}` : ''}
          {query.min && query.max ? ' ' : ''}
          {query.max ? `up to ${money(Number(query.max) * 100)}` : ''}
        </p>
      )}
    </form>
  );
}

export function SearchBox({
  value,
  onSearch,
  label = 'Search products',
}: {
  value: string;
  onSearch: (q: string) => void;
  label?: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <form
      role="search"
      className="search-box"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <input
        id={id}
        type="search"
        placeholder="Search products, e.g. hoodie"
        value={text}
        maxLength={100}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value === '' && value) onSearch('');
        }}
      />
      <button type="submit" className="btn primary">
        Search
      </button>
    </form>
  );
}
