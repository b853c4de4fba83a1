/** The benchmarks' statistics: median, p95 (linear between ranks), minimum and mean of a sample. */

export interface Stats {
  n: number;
  median: number;
  p95: number;
  min: number;
  mean: number;
}

/** null for an empty sample. */
export function stats(samples: readonly number[]): Stats | null {
  if (samples.length === 0) return null;
  const s = [...samples].sort((a, b) => a - b);
  const n = s.length;
  const at = (q: number) => {
    const i = (n - 1) * q;
    const lo = Math.floor(i);
    const hi = Math.ceil(i);
    return s[lo]! + (s[hi]! - s[lo]!) * (i - lo);
  };
  return { n, median: at(0.5), p95: at(0.95), min: s[0]!, mean: s.reduce((a, b) => a + b, 0) / n };
}

/** For rows that always have samples: an empty one is a bug in the benchmark. */
export function requiredStats(samples: readonly number[]): Stats {
  const st = stats(samples);
  if (!st) throw new Error('a benchmark row took no samples');
  return st;
}
