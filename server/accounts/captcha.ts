/**
 * The login image code: 4 characters drawn as an SVG with per-glyph rotation, noise curves and
 * dots, returned as a data URL like RuoYi's `captchaImage`. Characters that read alike (0/O, 1/l/I)
 * are left out so a merchant is not tricked by the font.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { AppError } from '../platform/envelope';
import { captchas } from './schema';
import { Messages } from '../../contract/envelope';
import { CAPTCHA_TTL_S, IMAGE_CODE_LENGTH } from '../../contract/constants';

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const COLORS = ['#1f3a93', '#8e44ad', '#c0392b', '#16a085', '#d35400', '#2c3e50'];

const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)] as T;

export function newCaptchaCode(): string {
  return Array.from({ length: IMAGE_CODE_LENGTH }, () => pick(ALPHABET.split(''))).join('');
}

export function captchaSvg(code: string, width = 120, height = 40): string {
  const parts: string[] = [];
  for (let i = 0; i < 4; i++) {
    const y1 = randomInt(height),
      y2 = randomInt(height),
      cx = randomInt(width),
      cy = randomInt(height);
    parts.push(`<path d="M0 ${y1} Q${cx} ${cy} ${width} ${y2}" stroke="${pick(COLORS)}" stroke-width="1.2" fill="none" opacity="0.7"/>`);
  }
  for (let i = 0; i < 30; i++) {
    parts.push(`<circle cx="${randomInt(width)}" cy="${randomInt(height)}" r="1" fill="${pick(COLORS)}" opacity="0.6"/>`);
  }
  const step = width / (code.length + 1);
  code.split('').forEach((ch, i) => {
    const x = step * (i + 1) + randomInt(-4, 5);
    const y = height / 2 + 9 + randomInt(-4, 5);
    const rot = randomInt(-25, 26);
    parts.push(
      `<text x="${x}" y="${y}" font-family="DejaVu Sans, Arial, sans-serif" font-size="26" font-weight="bold" fill="${pick(COLORS)}" text-anchor="middle" transform="rotate(${rot} ${x} ${y})">${ch}</text>`,
    );
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#f3f6fb"/>${parts.join('')}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** Stores a new single-use image code (expired ones are swept on the way) and returns its picture. */
export async function issueCaptcha(db: Db): Promise<{ uuid: string; img: string }> {
  const uuid = randomUUID();
  const code = newCaptchaCode();
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
  await db.insert(captchas).values({ uuid, code, expiresAt: new Date(Date.now() + CAPTCHA_TTL_S * 1000) });
  return { uuid, img: captchaSvg(code) };
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The login image code (also manyStoreLogin's): single-use, deleted on the first attempt, right or wrong. */
export async function checkCaptcha(db: Db, body: Record<string, unknown>): Promise<void> {
  const [row] = await db
    .delete(captchas)
    .where(eq(captchas.uuid, str(body.uuid)))
    .returning();
  if (!row) throw new AppError(Messages.captchaExpired);
  if (row.expiresAt.getTime() < Date.now()) throw new AppError(Messages.captchaExpired);
  if (row.code.toLowerCase() !== str(body.code).toLowerCase()) throw new AppError(Messages.captchaError);
}
