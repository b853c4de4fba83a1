/**
 * The disposal story: GL objects are not garbage collected with their JS wrappers in any useful
 * time frame, so everything the engine creates is owned by exactly one of
 * - a `Disposer` scope (per render: meshes, per-render textures), emptied in a finally block;
 * - a long-lived owner (the renderer's programs, target pool and texture cache), freed by its
 *   `dispose()`.
 */
export class Disposer {
  private readonly stack: (() => void)[] = [];

  /** Registers a cleanup; cleanups run last-in first-out. Returns the value for chaining. */
  add<T>(value: T, cleanup: (value: T) => void): T {
    this.stack.push(() => cleanup(value));
    return value;
  }

  /** Runs every cleanup even if some throw; rethrows the first error afterwards. */
  dispose(): void {
    let first: unknown = null;
    while (this.stack.length > 0) {
      const fn = this.stack.pop();
      try {
        fn?.();
      } catch (e) {
        first ??= e;
      }
    }
    if (first !== null) throw first;
  }
}

/**
 * A byte-budgeted LRU of GL resources: uploaded textures of immutable sources (ImageBitmaps: the
 * same photo for every render of a view) keyed by the source object, or prepared targets keyed
 * by a string. Least recently used entries are freed first.
 */
export class SourceCache<K, V> {
  private readonly entries = new Map<K, { value: V; bytes: number }>();
  private bytes = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly free: (value: V) => void,
  ) {}

  get(key: K): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    // Re-insert to mark as most recently used (Map keeps insertion order).
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  set(key: K, value: V, bytes: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
      this.free(old.value);
    }
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    this.evict(key);
  }

  private evict(keep: K): void {
    for (const [k, e] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      if (k === keep) continue;
      this.entries.delete(k);
      this.bytes -= e.bytes;
      this.free(e.value);
    }
  }

  /**
   * Swaps the value of an existing entry without freeing the old one: for in-place upgrades that
   * keep the same underlying resource (a texture that gained mipmaps). Returns false when absent.
   */
  replace(key: K, value: V, bytes: number): boolean {
    const old = this.entries.get(key);
    if (!old) return false;
    this.entries.delete(key);
    this.entries.set(key, { value, bytes });
    this.bytes += bytes - old.bytes;
    this.evict(key);
    return true;
  }

  /** Frees every entry whose key `gone` says can never be asked for again. */
  prune(gone: (key: K) => boolean): void {
    for (const [k, e] of this.entries) {
      if (!gone(k)) continue;
      this.entries.delete(k);
      this.bytes -= e.bytes;
      this.free(e.value);
    }
  }

  clear(): void {
    for (const e of this.entries.values()) this.free(e.value);
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }
}
