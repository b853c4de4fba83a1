/**
 * Which of a merchant's ids go into which field. Fields that carry ids are found from the schemas
 * (`isIdName`, path parameters); this small map only says which kind of record a field name means
 * where the name says so, so the call is the most plausible one (an order id with a coupon of the
 * same merchant, a real catalogue product beside a saved product). Every id-carrying field is
 * still tried with every id the merchant has.
 */
import { fieldNames, holdsObjects, isIdName, type JsonSchema } from './json-schema';
import { inputsOf, type Field, type Route } from './route-table';
import { ID_KINDS, type IdKind, type Merchant } from './merchants';
import { plausibleInput, withField, type Input } from './probe';

/** The catalogue's ids are nobody's: a field meaning one gets the catalogue product the merchant used. */
type Kind = IdKind | 'catalogProduct' | 'catalogVariant';

/** By the field's exact name first (productId is a saved product, productid a catalogue one), then case-blind. */
const FITS: Record<string, Kind[]> = {
  productid: ['catalogProduct'],
  productfid: ['catalogProduct'],
  productId: ['myProduct'],
  variantsid: ['catalogVariant'],
  variantid: ['catalogVariant'],
  variantsids: ['catalogVariant'],
  variantids: ['catalogVariant'],
  orderid: ['pendingOrder', 'paidOrder'],
  addressid: ['address'],
  shipaddressid: ['address'],
  couponid: ['couponReceipt'],
  paymentid: ['payment'],
  myproductid: ['myProduct', 'template'],
  sourcetemplateid: ['template'],
  imagesid: ['productImage'],
  shopid: ['shop'],
  userid: ['user'],
};

const fitsOf = (name: string): Kind[] | undefined => FITS[name] ?? FITS[name.toLowerCase().replace(/_/g, '')];
const valueOf = (kind: Kind, m: Merchant): number =>
  kind === 'catalogProduct' ? m.catalog.product : kind === 'catalogVariant' ? m.catalog.variant : m.ids[kind];

const idNamed = (name: string, schema: JsonSchema) => !holdsObjects(schema) && fieldNames(name, schema).some(isIdName);

/** A field carries an id: a path parameter, or a name that says so (its own or an alias). */
export const carriesId = (f: Field) => f.where === 'path' || idNamed(f.name, f.schema);

/** A value shaped as the field takes it: a list for a list field, text for a text-only field. */
export function shaped(schema: JsonSchema, value: number | string | (number | string)[]): unknown {
  const kinds = [schema, ...(schema.anyOf ?? [])].flatMap((s) => (s.type === undefined ? [] : [s.type].flat()));
  if (kinds.includes('array')) return Array.isArray(value) ? value : [value];
  if (Array.isArray(value)) return value.join(',');
  if (kinds.length > 0 && kinds.every((k) => k === 'string')) return String(value);
  return value;
}

/** The owner's ids a field is tried with: all of them, and the share code (a path's text id). */
export function candidates(owner: Merchant): (number | string)[] {
  return [...ID_KINDS.map((k) => owner.ids[k]), owner.shareCode];
}

/**
 * Sample hints: every id-carrying field (at any depth) gets the owner's id of the kind its name
 * means; a URL field gets the caller's own uploaded picture (so a call is refused for the id, not
 * for pointing at someone else's file); `extra` answers first.
 */
export function ownerHints(
  owner: Merchant,
  caller: Merchant = owner,
  extra: (name: string, schema: JsonSchema) => unknown = () => undefined,
) {
  return {
    byName: (name: string, schema: JsonSchema) => {
      const given = extra(name, schema);
      if (given !== undefined) return given;
      if (idNamed(name, schema)) return shaped(schema, valueOf(fitsOf(name)?.[0] ?? 'myProduct', owner));
      if (/url$/i.test(name) && !holdsObjects(schema)) return caller.uploadUrl;
      return undefined;
    },
  };
}

/** Paths to id-carrying fields inside the body's objects and lists (list[0].productfid…). */
function nestedIdPaths(
  schema: JsonSchema | undefined,
  prefix: (string | number)[] = [],
  depth = 0,
): { path: (string | number)[]; schema: JsonSchema }[] {
  if (!schema || depth > 3) return [];
  const out: { path: (string | number)[]; schema: JsonSchema }[] = [];
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const here = [...prefix, name];
    if (depth > 0 && idNamed(name, field)) out.push({ path: here, schema: field });
    const inner = field.items ?? field.anyOf?.find((b) => b.items)?.items;
    if (inner?.properties) out.push(...nestedIdPaths(inner, [...here, 0], depth + 1));
    if (field.properties) out.push(...nestedIdPaths(field, here, depth + 1));
  }
  return out;
}

function setAt(value: unknown, path: (string | number)[], to: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let cur: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof cur[key] !== 'object' || cur[key] === null) return copy;
    cur = cur[key] as Record<string | number, unknown>;
  }
  cur[path[path.length - 1]!] = to;
  return copy;
}

export interface IdProbe {
  label: string;
  input: Input;
}

/**
 * The calls that put `owner`'s ids into a route, made by `caller`: from two plausible inputs (every
 * declared field; only the required and id-carrying ones), one with every id field given its
 * fitting id, then each id field (path, query, body, inside the body's lists) with each of the
 * owner's ids in turn, and a list field with all of them at once.
 */
export function idProbes(
  route: Route,
  owner: Merchant,
  caller: Merchant = owner,
  extra?: (name: string, schema: JsonSchema) => unknown,
): IdProbe[] {
  const hints = ownerHints(owner, caller, extra);
  const required = new Set(route.body?.required ?? []);
  const bases: [string, Input][] = [
    ['', plausibleInput(route, hints)],
    ['minimal ', plausibleInput(route, hints, (f) => carriesId(f) || f.required || required.has(f.name))],
  ];
  const probes: IdProbe[] = [];
  for (const [kind, base] of bases) {
    probes.push({ label: `${kind}fitting ids`, input: base });
    for (const f of inputsOf(route).filter(carriesId)) {
      for (const v of candidates(owner)) probes.push({ label: `${kind}${f.name}=${v}`, input: withField(base, f, shaped(f.schema, v)) });
      if (Array.isArray(shaped(f.schema, 0)))
        probes.push({
          label: `${kind}${f.name}=all`,
          input: withField(
            base,
            f,
            ID_KINDS.map((k) => owner.ids[k]),
          ),
        });
    }
    if (!kind)
      for (const { path, schema } of nestedIdPaths(route.body ?? undefined)) {
        for (const k of ID_KINDS)
          probes.push({
            label: `${path.join('.')}=${owner.ids[k]}`,
            input: { ...base, body: setAt(base.body, path, shaped(schema, owner.ids[k])) },
          });
      }
  }
  const seen = new Set<string>();
  return probes.filter((p) => {
    const key = JSON.stringify(p.input);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Whether a route takes anything that names a record. */
export const takesIds = (route: Route) => inputsOf(route).some(carriesId) || nestedIdPaths(route.body ?? undefined).length > 0;
