/** A few async calls at a time: the bulk pages fetch and save products 4 at once instead of all 200. */
/** Runs `fn` over `items` with at most `limit` at once, in order of start. */
export async function eachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}
