/**
 * The order in which a pool's workers take its jobs. Jobs without a key go first come, first
 * served. A job's key names what it renders (a template's view): a worker that rendered a key
 * holds its photo, meshes, masks and drawn layers, so the jobs of a key go to the worker that
 * took it first (its owner, remembered across runs); a worker without jobs of its own takes the
 * earliest job nobody owns (claiming its key), and only when there is none another worker's, so
 * no worker waits while jobs are left.
 */
export class JobQueue<W> {
  /** Pending job indices per key, in job order. */
  private readonly byKey = new Map<string, number[]>();
  /** Pending jobs without a key, in job order. */
  private readonly unkeyed: number[] = [];
  private left: number;

  constructor(
    keys: readonly (string | undefined)[],
    private readonly owners: Map<string, W>,
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

  /** The index of the job `worker` runs next, or undefined when every job is taken. */
  take(worker: W): number | undefined {
    if (this.left === 0) return undefined;
    let own: string | null = null;
    let unowned: string | null = null;
    let other: string | null = null;
    for (const [key, list] of this.byKey) {
      if (list.length === 0) continue;
      const owner = this.owners.get(key);
      if (owner === worker) {
        own = key;
        break;
      }
      if (owner === undefined) {
        if (unowned === null || list[0]! < this.byKey.get(unowned)![0]!) unowned = key;
      } else if (other === null || list[0]! < this.byKey.get(other)![0]!) other = key;
    }
    this.left -= 1;
    if (own !== null) return this.byKey.get(own)!.shift();
    const firstUnkeyed = this.unkeyed[0];
    const unownedFirst = unowned === null ? undefined : this.byKey.get(unowned)![0];
    if (firstUnkeyed !== undefined && (unownedFirst === undefined || firstUnkeyed < unownedFirst)) return this.unkeyed.shift();
    if (unowned !== null) {
      this.owners.set(unowned, worker);
      return this.byKey.get(unowned)!.shift();
    }
    return this.byKey.get(other!)!.shift();
  }
}
