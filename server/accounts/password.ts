/**
 * Password hashing with scrypt (node:crypto), encoded with its parameters so they can change:
 * a hash made with a cost below the current one still verifies, and `needsRehash` tells the login
 * to store a new one (the password is at hand only then).
 */
import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

const scrypt = (pw: string, salt: Buffer, len: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(pw, salt, len, opts, (e, key) => (e ? reject(e) : resolve(key))));

/**
 * Current guidance for scrypt is N = 2^17, r = 8, p = 1 (128 MiB and a few hundred milliseconds
 * per hash). PASSWORD_SCRYPT_LOG_N may raise it; it is never taken below 2^14 (the old cost), and
 * only the test harness sets 2^14 to keep hundreds of registrations fast.
 */
export const DEFAULT_LOG_N = 17;
const MIN_LOG_N = 14;
const MAX_LOG_N = 20;
const R = 8,
  P = 1,
  LEN = 32;

let logN = DEFAULT_LOG_N;

export function setPasswordCost(log2N: number): void {
  logN = Math.min(MAX_LOG_N, Math.max(MIN_LOG_N, Math.round(log2N)));
}

/** scrypt needs 128·N·r bytes; room for that and a little more. */
const maxmemFor = (n: number, r: number) => 128 * n * r + 16 * 1024 * 1024;

/**
 * At most two hashes at a time: each holds 128 MiB for its duration, so a burst of logins queues
 * instead of taking the server's memory (and the machine's two cores are busy with two anyway).
 */
const MAX_RUNNING = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_RUNNING) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

export async function hashPassword(password: string): Promise<string> {
  const n = 2 ** logN;
  const salt = randomBytes(16);
  const key = await limited(() => scrypt(password, salt, LEN, { N: n, r: R, p: P, maxmem: maxmemFor(n, R) }));
  return `scrypt$${n}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface Parsed {
  n: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parse(encoded: string): Parsed | null {
  const [alg, n, r, p, saltB64, keyB64] = encoded.split('$');
  if (alg !== 'scrypt' || !n || !r || !p || !saltB64 || !keyB64) return null;
  const parsed = { n: Number(n), r: Number(r), p: Number(p), salt: Buffer.from(saltB64, 'base64'), key: Buffer.from(keyB64, 'base64') };
  // A stored hash is ours, but a damaged one must not make scrypt allocate without bound.
  const sane =
    Number.isInteger(parsed.n) &&
    parsed.n >= 2 &&
    parsed.n <= 2 ** MAX_LOG_N &&
    (parsed.n & (parsed.n - 1)) === 0 &&
    Number.isInteger(parsed.r) &&
    parsed.r >= 1 &&
    parsed.r <= 32 &&
    Number.isInteger(parsed.p) &&
    parsed.p >= 1 &&
    parsed.p <= 16;
  return sane ? parsed : null;
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const h = parse(encoded);
  if (!h) return false;
  const key = await limited(() => scrypt(password, h.salt, h.key.length, { N: h.n, r: h.r, p: h.p, maxmem: maxmemFor(h.n, h.r) }));
  return key.length === h.key.length && timingSafeEqual(key, h.key);
}

/** True when the hash was made with a smaller cost than today's (or is not one of ours). */
export function needsRehash(encoded: string): boolean {
  const h = parse(encoded);
  return !h || h.n < 2 ** logN || h.r < R;
}

/**
 * A hash to verify against when the account does not exist, so timing does not reveal it: made
 * at the current cost, so an unknown address takes as long as a known one.
 */
let dummy: { logN: number; hash: Promise<string> } | null = null;
export function dummyHash(): Promise<string> {
  if (!dummy || dummy.logN !== logN) dummy = { logN, hash: hashPassword(randomBytes(12).toString('base64')) };
  return dummy.hash;
}
