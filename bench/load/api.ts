/**
 * What the load and crash runs say to the server: JSON calls over HTTP, merchants signed up and
 * logged in through the API as a person would (the server runs with CAPTCHA=off and
 * TRUST_PROXY=1, each merchant from an address of its own), and the catalogue products a US
 * address can order.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T & { code: number; msg: string };
}

/** One call; network failures come back as status 0 with the reason in msg. */
export async function call<T = Record<string, unknown>>(
  base: string,
  method: string,
  pathname: string,
  opts: { body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  try {
    const res = await fetch(`${base}/prod-api${pathname}`, {
      method,
      headers: {
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...opts.headers,
      },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    });
    const text = await res.text();
    let body: T & { code: number; msg: string };
    try {
      body = JSON.parse(text) as T & { code: number; msg: string };
    } catch {
      body = { code: -1, msg: `not JSON (HTTP ${res.status}): ${text.slice(0, 80)}` } as T & { code: number; msg: string };
    }
    return { status: res.status, body };
  } catch (err) {
    return { status: 0, body: { code: -1, msg: String((err as Error).cause ?? err) } as T & { code: number; msg: string } };
  }
}

export const ok = (a: Answer<unknown>): boolean => a.status === 200 && a.body.code === 200;

export interface Merchant {
  email: string;
  token: string;
  /** The address it signs up and calls from (X-Forwarded-For behind TRUST_PROXY). */
  ip: string;
}

export const US_ADDRESS = {
  first_name: 'Load',
  last_name: 'Tester',
  address1: '1 Bench Street',
  city: 'Springfield',
  zip: '12345',
  country_code: 'US',
};

const PASSWORD = 'bench-load-1';

/** The six-digit code of the newest mail to `to` in the server's outbox. */
async function mailedCode(outbox: string, to: string): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const f of files) {
      const mail = JSON.parse(await readFile(path.join(outbox, f), 'utf8')) as { to: string; text: string };
      const code = mail.to === to ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no sign-up code mailed to ${to}`);
}

/** Signs a merchant up (code by mail), logs in with the password, and saves a US address. */
export async function signUp(base: string, outbox: string, n: number, tag: string): Promise<Merchant> {
  const email = `load-${tag}-${n}@bench.example`;
  const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  const headers = { 'x-forwarded-for': ip };
  const must = (what: string, a: Answer<unknown>) => {
    if (!ok(a)) throw new Error(`${what} for ${email}: ${a.status} ${a.body.code} ${a.body.msg}`);
  };
  must('sendEmailCode', await call(base, 'POST', '/api/user/sendEmailCode', { body: { email, type: 'register' }, headers }));
  const emailCode = await mailedCode(outbox, email);
  const added = await call(base, 'POST', '/api/user/add', {
    body: { username: email, emailCode, password: PASSWORD, confirmPassword: PASSWORD },
    headers,
  });
  must('register', added);
  const login = await call<{ token: string }>(base, 'POST', '/api/user/login', { body: { username: email, password: PASSWORD }, headers });
  must('login', login);
  const token = login.body.token;
  must('address', await call(base, 'POST', '/api/shipAddress/addShipAddress', { body: US_ADDRESS, token, headers }));
  return { email, token, ip };
}

/** A variant a US address can order: from the factory (CN) or the US warehouse. */
export interface Orderable {
  productId: number;
  variantId: number;
}

/** Product ids of the catalogue's first pages, and orderable variants among them. */
export async function catalogueSample(base: string): Promise<{ productIds: number[]; orderable: Orderable[] }> {
  const productIds: number[] = [];
  for (let pageNum = 1; pageNum <= 8; pageNum++) {
    const page = await call<{ rows: { id: number }[] }>(base, 'GET', `/api/product/productsCatalogList?pageNum=${pageNum}&pageSize=25`);
    if (!ok(page)) throw new Error(`catalogue list: ${page.body.msg}`);
    productIds.push(...page.body.rows.map((r) => r.id));
  }
  const orderable: Orderable[] = [];
  for (const shipFrom of ['China', 'USA']) {
    const page = await call<{ rows: { id: number }[] }>(base, 'GET', `/api/product/productsCatalogList?shipFrom=${shipFrom}&pageSize=12`);
    for (const row of page.body.rows) {
      const detail = await call<{ data: { variants: { id: number }[] } }>(base, 'GET', `/api/product/getInfo/${row.id}`);
      for (const v of detail.body.data.variants.slice(0, 2)) orderable.push({ productId: row.id, variantId: v.id });
    }
  }
  if (productIds.length === 0 || orderable.length === 0) throw new Error('the catalogue is empty');
  return { productIds, orderable };
}

/** Saves a few designs as the merchant's products, so that its product list has rows to page. */
export async function saveProducts(base: string, m: Merchant, from: Orderable[], count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const p = from[i % from.length]!;
    const design = {
      id: `sku-${i}`,
      flatDesignList: [{ flatId: 'front', designList: [], color: '#FFFFFF', flatImage: null, previewFlatImage: null }],
      BGDesignList: [],
      color: '#FFFFFF',
      styleId: null,
    };
    const saved = await call(base, 'POST', '/api/Myexclusive/add', {
      token: m.token,
      body: { productfid: p.productId, editObj: JSON.stringify(design), printtype: 1, title: `Load design ${i}` },
    });
    if (!ok(saved)) throw new Error(`save product: ${saved.body.msg}`);
  }
}

/**
 * The server's per-merchant limits on checkouts and payments are fixed windows of a minute
 * (server/platform/rate-limit.ts); a run spreads its checkouts over enough merchants to stay
 * under them, so a refusal counts as an error rather than as the limiter working.
 */
export class CheckoutBudget {
  private window = 0;
  private used = new Map<number, number>();
  private next = 0;

  constructor(
    private readonly merchants: number,
    private readonly perMinute: number,
  ) {}

  /** A merchant index with a checkout left in this minute, or null when all have used theirs. */
  take(now = Date.now()): number | null {
    const window = now - (now % 60_000);
    if (window !== this.window) {
      this.window = window;
      this.used.clear();
    }
    // Stay clear of the window edge: the server's clock decides which window a call lands in.
    if (now - window > 59_000) return null;
    for (let i = 0; i < this.merchants; i++) {
      const m = (this.next + i) % this.merchants;
      const used = this.used.get(m) ?? 0;
      if (used < this.perMinute) {
        this.used.set(m, used + 1);
        this.next = (m + 1) % this.merchants;
        return m;
      }
    }
    return null;
  }
}
