/**
 * The merchant's brand package records: reading, saving a customisation (artwork from the
 * merchant's own uploads, the items' options, contacts, the hang tag's text), submitting it
 * (every item needs its artwork; the price is fixed then), and switching a paid package in or out
 * of use. Everything is checked before anything is written, so a refused call changes nothing.
 * Every record is looked up by the signed-in merchant and the package id: another merchant's
 * record is never reached.
 */
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import type { BlobStorage } from '../platform/blob-storage/types';
import { AppError } from '../platform/envelope';
import { ownedFile } from '../products/blob-refs';
import { orders } from '../commerce/schema';
import type { Tx } from '../commerce/ledger';
import { brandCustoms, brandOrderItems } from './schema';
import type { BrandCustomRow } from './settle';
import {
  BRAND_ITEMS,
  BRAND_PACKAGES,
  BRAND_STATUS_NAMES,
  BrandMessages,
  BrandStatus,
  WHATSAPP_RE,
  badChoiceMessage,
  brandPackageDef,
  brandPrice,
  defaultOptions,
  missingArtworkMessage,
  type BrandCustom,
  type BrandItemKind,
  type BrandPackage,
  type BrandPackageDef,
} from '../../contract/branding';

export function listPackages(): BrandPackage[] {
  return BRAND_PACKAGES.map((p) => ({ ...p, itemList: p.items.map((k) => BRAND_ITEMS[k]) }));
}

export function packageOrThrow(packageId: number): BrandPackageDef {
  const pkg = brandPackageDef(packageId);
  if (!pkg) throw new AppError(BrandMessages.packageNotFound);
  return pkg;
}

/** The options a record prices with: its own choices over the package's defaults. */
export function optionsOf(pkg: BrandPackageDef, row: Pick<BrandCustomRow, 'options'> | null): Record<string, string> {
  return { ...defaultOptions(pkg.items), ...(row?.options ?? {}) };
}

export function toWire(row: BrandCustomRow): BrandCustom {
  const pkg = packageOrThrow(row.packageId);
  const options = optionsOf(pkg, row);
  const art = (k: BrandItemKind) => row.artwork[k] ?? '';
  return {
    id: row.id,
    package_id: row.packageId,
    name: pkg.name,
    title: pkg.title,
    price: row.status === BrandStatus.DRAFT ? brandPrice(pkg, options).price : row.price,
    is_use: row.isUse === 1 ? 1 : 0,
    status: row.status,
    statusName: BRAND_STATUS_NAMES[row.status] ?? String(row.status),
    logo: row.logo,
    // The merchant's own picture stands for the package only once it is paid.
    order_pic: row.status === BrandStatus.PAID ? row.orderPic : '',
    diao_pai: art('diao_pai'),
    biao_qian: art('biao_qian'),
    bao_zhuang_dai: art('bao_zhuang_dai'),
    zhi_xiang: art('zhi_xiang'),
    jiao_zhi: art('jiao_zhi'),
    ka_pian: options.ka_pian === '2' ? 2 : 1,
    ka_pian_pic: art('ka_pian'),
    skype: row.skype,
    whatsapp: row.whatsapp,
    diao_pai_info: row.diaoPaiInfo,
    options,
    submitTime: row.submittedAt?.toISOString() ?? null,
    paidTime: row.paidAt?.toISOString() ?? null,
    updateTime: row.updatedAt.toISOString(),
  };
}

export async function findCustom(db: Db, userId: number, packageId: number): Promise<BrandCustomRow | null> {
  const [row] = await db
    .select()
    .from(brandCustoms)
    .where(and(eq(brandCustoms.userId, userId), eq(brandCustoms.packageId, packageId)));
  return row ?? null;
}

export async function customsOf(db: Db, userId: number): Promise<BrandCustomRow[]> {
  return db
    .select()
    .from(brandCustoms)
    .where(eq(brandCustoms.userId, userId))
    .orderBy(desc(brandCustoms.isUse), desc(brandCustoms.updatedAt));
}

/** A save: each field given replaces the stored one ('' clears it); absent fields stay. */
export interface SaveInput {
  packageId: number;
  logo?: string | undefined;
  orderPic?: string | undefined;
  /** Artwork URL by item kind. */
  artwork: Partial<Record<BrandItemKind, string>>;
  options?: Record<string, string> | undefined;
  kaPian?: number | undefined;
  skype?: string | undefined;
  whatsapp?: string | undefined;
  diaoPaiInfo?: string | undefined;
}

/**
 * Options as given, checked: only the package's items, only their choices; ka_pian (1 or 2) is
 * the card's choice and wins over options.ka_pian.
 */
export function checkedOptions(pkg: BrandPackageDef, given: Record<string, string> | undefined, kaPian?: number): Record<string, string> {
  const options: Record<string, string> = { ...(given ?? {}) };
  if (kaPian !== undefined) options.ka_pian = String(kaPian);
  for (const [kind, value] of Object.entries(options)) {
    // Own keys only: a key such as "constructor" names no item.
    const def = Object.hasOwn(BRAND_ITEMS, kind) ? BRAND_ITEMS[kind as BrandItemKind] : undefined;
    if (!def) throw new AppError(`${kind.slice(0, 40)} ${BrandMessages.notInPackage}`);
    if (!pkg.items.includes(def.kind)) throw new AppError(`${def.name} ${BrandMessages.notInPackage}`);
    if (!def.option.choices.some((c) => c.value === value)) throw new AppError(badChoiceMessage(def.kind));
  }
  return options;
}

const PICTURE_EXTS = ['png', 'jpg', 'jpeg'] as const;

/** The canonical URL of one of the merchant's own uploaded pictures; '' stays ''. */
async function ownPicture(blobs: BlobStorage, userId: number, what: string, url: string): Promise<string> {
  if (url === '') return '';
  const ref = await ownedFile(blobs, userId, url, PICTURE_EXTS);
  if ('error' in ref) throw new AppError(ref.error === 'missing' ? missingArtworkMessage(what) : `${what}: ${BrandMessages.notYours}`);
  return ref.url;
}

export async function saveCustom(db: Db, blobs: BlobStorage, userId: number, input: SaveInput): Promise<BrandCustomRow> {
  const pkg = packageOrThrow(input.packageId);
  const existing = await findCustom(db, userId, pkg.package_id);
  if (existing?.status === BrandStatus.PAID) return savePackagingPhoto(db, blobs, userId, existing, input);

  const options = checkedOptions(pkg, input.options, input.kaPian);
  if (input.whatsapp && !WHATSAPP_RE.test(input.whatsapp)) throw new AppError(BrandMessages.badWhatsapp);

  const artwork: Record<string, string> = { ...(existing?.artwork ?? {}) };
  for (const [kind, url] of Object.entries(input.artwork) as [BrandItemKind, string][]) {
    const def = BRAND_ITEMS[kind];
    if (url !== '' && !pkg.items.includes(kind)) throw new AppError(`${def.name} ${BrandMessages.notInPackage}`);
    artwork[kind] = await ownPicture(blobs, userId, def.name, url);
  }
  const logo = input.logo === undefined ? undefined : await ownPicture(blobs, userId, 'Logo', input.logo);
  const orderPic = input.orderPic === undefined ? undefined : await ownPicture(blobs, userId, 'Packaging photo', input.orderPic);

  const now = new Date();
  const values = {
    artwork,
    options: { ...(existing?.options ?? {}), ...options },
    ...(logo !== undefined ? { logo } : {}),
    ...(orderPic !== undefined ? { orderPic } : {}),
    ...(input.skype !== undefined ? { skype: input.skype } : {}),
    ...(input.whatsapp !== undefined ? { whatsapp: input.whatsapp } : {}),
    ...(input.diaoPaiInfo !== undefined ? { diaoPaiInfo: input.diaoPaiInfo } : {}),
    // A change after submitting needs submitting again (the price may have changed).
    status: BrandStatus.DRAFT,
    price: 0,
    submittedAt: null,
    updatedAt: now,
  };
  return db.transaction(async (tx) => {
    await tx.insert(brandCustoms).values({ userId, packageId: pkg.package_id }).onConflictDoNothing();
    const [locked] = await tx
      .select()
      .from(brandCustoms)
      .where(and(eq(brandCustoms.userId, userId), eq(brandCustoms.packageId, pkg.package_id)))
      .for('update');
    // Paid meanwhile (a payment settled between the check above and this lock): nothing changes.
    if (locked!.status === BrandStatus.PAID) throw new AppError(BrandMessages.paidLocked);
    const [row] = await tx.update(brandCustoms).set(values).where(eq(brandCustoms.id, locked!.id)).returning();
    return row!;
  });
}

/**
 * A paid record keeps what its orders carry; only the photo of the finished packaging (shown from
 * now on) may still be given. Anything else is refused and nothing changes.
 */
async function savePackagingPhoto(
  db: Db,
  blobs: BlobStorage,
  userId: number,
  row: BrandCustomRow,
  input: SaveInput,
): Promise<BrandCustomRow> {
  const others = [input.logo, input.options, input.kaPian, input.skype, input.whatsapp, input.diaoPaiInfo, ...Object.values(input.artwork)];
  if (input.orderPic === undefined || others.some((v) => v !== undefined)) throw new AppError(BrandMessages.paidLocked);
  const orderPic = await ownPicture(blobs, userId, 'Packaging photo', input.orderPic);
  const [saved] = await db
    .update(brandCustoms)
    .set({ orderPic, updatedAt: new Date() })
    .where(and(eq(brandCustoms.id, row.id), eq(brandCustoms.userId, userId)))
    .returning();
  return saved!;
}

/** What a record still lacks before it can be submitted, as the first message to show; null when complete. */
export function missingForSubmit(pkg: BrandPackageDef, row: BrandCustomRow): string | null {
  if (!row.logo) return missingArtworkMessage('Logo');
  for (const kind of pkg.items) if (!row.artwork[kind]) return missingArtworkMessage(BRAND_ITEMS[kind].name);
  return null;
}

export async function submitCustom(db: Db, userId: number, packageId: number): Promise<BrandCustomRow> {
  const pkg = packageOrThrow(packageId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(brandCustoms)
      .where(and(eq(brandCustoms.userId, userId), eq(brandCustoms.packageId, pkg.package_id)))
      .for('update');
    if (!row) throw new AppError(BrandMessages.notCustomised);
    if (row.status === BrandStatus.PAID) throw new AppError(BrandMessages.alreadyPaid);
    const missing = missingForSubmit(pkg, row);
    if (missing) throw new AppError(missing);
    if (row.status === BrandStatus.SUBMITTED) return row;
    const now = new Date();
    const [done] = await tx
      .update(brandCustoms)
      .set({ status: BrandStatus.SUBMITTED, price: brandPrice(pkg, optionsOf(pkg, row)).price, submittedAt: now, updatedAt: now })
      .where(eq(brandCustoms.id, row.id))
      .returning();
    return done!;
  });
}

/** Whether orders carrying the record's branded items are still to be shipped (waiting for payment or in production). */
export async function hasUnshippedOrders(db: Db | Tx, customId: number): Promise<boolean> {
  const [hit] = await db
    .select({ id: brandOrderItems.id })
    .from(brandOrderItems)
    .innerJoin(orders, eq(orders.id, brandOrderItems.orderId))
    .where(and(eq(brandOrderItems.customId, customId), inArray(orders.status, ['pending', 'processing'])))
    .limit(1);
  return !!hit;
}

/** Switches a paid package in (1) or out (0) of use. One package is in use at a time. */
export async function switchUse(db: Db, userId: number, packageId: number, isUse: 0 | 1): Promise<BrandCustomRow> {
  const pkg = packageOrThrow(packageId);
  return db.transaction(async (tx) => {
    // Every record of the merchant, locked: two switches (or a switch and a checkout) take turns.
    const mine = await tx.select().from(brandCustoms).where(eq(brandCustoms.userId, userId)).orderBy(brandCustoms.id).for('update');
    const row = mine.find((r) => r.packageId === pkg.package_id);
    if (!row) throw new AppError(BrandMessages.notCustomised);
    if (row.isUse === isUse) return row;
    if (isUse === 1) {
      if (row.status !== BrandStatus.PAID) throw new AppError(BrandMessages.notPaid);
      if (mine.some((r) => r.id !== row.id && r.isUse === 1)) throw new AppError(BrandMessages.anotherInUse);
    } else if (await hasUnshippedOrders(tx, row.id)) {
      throw new AppError(BrandMessages.unshippedOrders);
    }
    const [done] = await tx
      .update(brandCustoms)
      .set({ isUse, updatedAt: new Date() })
      .where(and(eq(brandCustoms.id, row.id), eq(brandCustoms.userId, userId), ne(brandCustoms.isUse, isUse)))
      .returning();
    return done ?? row;
  });
}

/** The record in use, if any. */
export async function customInUse(db: Db, userId: number): Promise<BrandCustomRow | null> {
  const [row] = await db
    .select()
    .from(brandCustoms)
    .where(and(eq(brandCustoms.userId, userId), eq(brandCustoms.isUse, 1), eq(brandCustoms.status, BrandStatus.PAID)))
    .limit(1);
  return row ?? null;
}
