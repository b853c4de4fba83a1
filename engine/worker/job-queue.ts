/**
 * The order in which a pool's workers take its jobs. Jobs without a key go first come, first
 * served. A job's key names what it renders (a template's view): a worker that rendered a key
 * holds its photo, meshes, masks and drawn layers, so a key's jobs go to the workers that hold it
 * (remembered across runs in a JobHistory). A worker without jobs of its own takes the earliest
 * job of a key nobody holds (and holds it from then on). When only other workers' keys are left
 * it takes one of theirs only where that ends the run sooner: its first job of a key costs a
 * setup (on an emulated GPU a view's first render took 160-360 ms against 15-30 ms for the next
 * colour), so a worker idles rather than take the last job of a busy worker that would finish it
 * in 25 ms. Which way ends sooner is judged from the job times the history has measured.
 */

/** Samples kept per kind of job time: recent enough to follow the machine, enough to be steady. */
const KEPT_TIMES = 16;

/** What a pool remembers between runs: who holds which key, and how long jobs took. */
export class JobHistory<W> {
  /** The workers that have rendered each key (its first one first). */
  readonly holders = new Map<string, W[]>();
  /** Workers that have run a job: a worker's first job also starts it up and is not a sample. */
  private readonly started = new Set<W>();
  private readonly setups: number[] = [];
  private readonly repeats: number[] = [];

  /** Whether `worker` holds `key`. */
  holds(worker: W, key: string): boolean {
    return this.holders.get(key)?.includes(worker) ?? false;
  }

  hold(worker: W, key: string): void {
    const list = this.holders.get(key);
    if (!list) this.holders.set(key, [worker]);
    else if (!list.includes(worker)) list.push(worker);
  }

  /**
   * Notes a finished job's time: `setup` when it was the worker's first job of its key. A
   * worker's very first job is left out (it also started the worker).
   */
  record(worker: W, setup: boolean, ms: number): void {
    if (!this.started.has(worker)) {
      this.started.add(worker);
      return;
    }
    const list = setup ? this.setups : this.repeats;
    list.push(ms);
    if (list.length > KEPT_TIMES) list.shift();
  }

  /** Median time of a worker's first job of a key; null before one was measured. */
  get setupMs(): number | null {
    return median(this.setups);
  }

  /** Median time of a job whose key the worker held; null before one was measured. */
  get repeatMs(): number | null {
    return median(this.repeats);
  }

  clear(): void {
    this.holders.clear();
    this.started.clear();
    this.setups.length = 0;
    this.repeats.length = 0;
  }
}

function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

export class JobQueue<W> {
  /** Pending job indices per key, in job order. */
  private readonly byKey = new Map<string, number[]>();
  /** Pending jobs without a key, in job order. */
  private readonly unkeyed: number[] = [];
  /** Jobs taken by a worker that did not hold their key yet. */
  private readonly setups = new Set<number>();
  private left: number;

  /**
   * `workers`: the workers taking this run's jobs (default: any). A key held only by workers
   * outside the run (a pool running fewer lanes than it has workers) is taken like one nobody holds.
   */
  constructor(
    keys: readonly (string | undefined)[],
    private readonly history: JobHistory<W> = new JobHistory<W>(),
    private readonly workers: readonly W[] | null = null,
  ) {
    keys.forEach((key, index) => {
      if (key === undefined) this.unkeyed.push(index);
      else {
        const list = this.byKey.get(key);
        if (list) list.push(index);
        else this.byKey.set(key, [index]);
      }
    });
    this.left = keys.length;
  }

  /** Jobs not taken yet. */
  get size(): number {
    return this.left;
  }

  /**
   * The index of the job `worker` runs next, or undefined when every job is taken or when the
   * jobs left are other workers' and taking one would not end the run sooner (the worker is done).
   */
  take(worker: W): number | undefined {
    if (this.left === 0) return undefined;
    let own: string | null = null;
    let unheld: string | null = null;
    for (const [key, list] of this.byKey) {
      if (list.length === 0) continue;
      const holders = this.holdersInRun(key);
      if (holders.includes(worker)) {
        if (own === null || list[0]! < this.byKey.get(own)![0]!) own = key;
      } else if (holders.length === 0 && (unheld === null || list[0]! < this.byKey.get(unheld)![0]!)) unheld = key;
    }
    if (own !== null) return this.next(own);
    const firstUnkeyed = this.unkeyed[0];
    const unheldFirst = unheld === null ? undefined : this.byKey.get(unheld)![0];
    if (firstUnkeyed !== undefined && (unheldFirst === undefined || firstUnkeyed < unheldFirst)) {
      this.left -= 1;
      return this.unkeyed.shift();
    }
    if (unheld !== null) return this.claim(worker, unheld);
    const stolen = this.stealable();
    return stolen === null ? undefined : this.claim(worker, stolen);
  }

  /** Notes that the job `index`, taken by `worker`, ran for `ms`. */
  finished(worker: W, index: number, ms: number): void {
    this.history.record(worker, this.setups.has(index), ms);
  }

  /** The workers of this run that hold `key`. */
  private holdersInRun(key: string): readonly W[] {
    const holders = this.history.holders.get(key) ?? [];
    const workers = this.workers;
    return workers === null ? holders : holders.filter((h) => workers.includes(h));
  }

  private next(key: string): number {
    this.left -= 1;
    return this.byKey.get(key)!.shift()!;
  }

  private claim(worker: W, key: string): number {
    this.history.hold(worker, key);
    const index = this.next(key);
    this.setups.add(index);
    return index;
  }

  /**
   * The key an idle worker should take a job of, or null: the busiest worker's key with the most
   * jobs left, where that worker's jobs left take longer than a setup and a job on the idle one.
   * Before any time was measured, always the busiest worker's.
   */
  private stealable(): string | null {
    // Each worker's jobs left: a key's pending jobs shared among the workers that hold it.
    const load = new Map<W, number>();
    for (const [key, list] of this.byKey) {
      const holders = this.holdersInRun(key);
      for (const h of holders) load.set(h, (load.get(h) ?? 0) + list.length / holders.length);
    }
    let busiest: W | null = null;
    let most = 0;
    for (const [w, n] of load) {
      if (n > most) {
        most = n;
        busiest = w;
      }
    }
    if (busiest === null) return null;
    const { setupMs, repeatMs } = this.history;
    if (setupMs !== null && repeatMs !== null && most * repeatMs <= setupMs + repeatMs) return null;
    let pick: string | null = null;
    for (const [key, list] of this.byKey) {
      if (list.length === 0 || !this.history.holds(busiest, key)) continue;
      if (pick === null || list.length > this.byKey.get(pick)!.length) pick = key;
    }
    return pick;
  }
}
