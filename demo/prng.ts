/**
 * Seeded pseudo-random numbers for the catalogue generator. sfc32 seeded through splitmix32:
 * fast, 32-bit state that behaves the same on every platform (only 32-bit integer maths), so a
 * seed reproduces the same catalogue anywhere. Math.random is never used by the generator.
 */
export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Picks by weight; weights need not sum to 1. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** A new array in shuffled order (Fisher-Yates). */
  shuffle<T>(items: readonly T[]): T[];
  /** `count` distinct items, keeping their original order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** An independent stream from this seed and a label: draws made elsewhere never shift it. */
  fork(label: string): Rng;
}

/** FNV-1a of a string: turns text seeds and labels into 32-bit integers. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function splitmix32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x9e3779b9) >>> 0;
    let z = a;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
}

export function createRng(seed: number): Rng {
  const init = splitmix32(seed);
  let a = init();
  let b = init();
  let c = init();
  let d = init();
  const next32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  // Discard the first outputs: sfc32 mixes its state in over a few rounds.
  for (let i = 0; i < 12; i += 1) next32();

  const rng: Rng = {
    next: () => next32() / 4294967296,
    int(min, max) {
      return min + Math.floor(rng.next() * (max - min + 1));
    },
    chance: (p) => rng.next() < p,
    pick(items) {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(rng.next() * items.length)] as (typeof items)[number];
    },
    weighted(items) {
      const total = items.reduce((sum, [, w]) => sum + w, 0);
      let r = rng.next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      const last = items[items.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    shuffle(items) {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i -= 1) {
        const j = Math.floor(rng.next() * (i + 1));
        const tmp = out[i] as (typeof out)[number];
        out[i] = out[j] as (typeof out)[number];
        out[j] = tmp;
      }
      return out;
    },
    sample(items, count) {
      const chosen = new Set(rng.shuffle(items.map((_, i) => i)).slice(0, Math.max(0, count)));
      return items.filter((_, i) => chosen.has(i));
    },
    fork: (label) => createRng(hash32(`${seed >>> 0}:${label}`)),
  };
  return rng;
}
