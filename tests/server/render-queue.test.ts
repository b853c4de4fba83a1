/**
 * The render queue render nodes share (server/rendering): a batch loads once however many nodes
 * load it, two nodes never hold the same job, a dead node's jobs come back after STALE_MS, only
 * the holder settles a job, and a job is retried until MAX_ATTEMPTS. On PGlite, and on PostgreSQL
 * where claims really race (TEST_DATABASE_URL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { batchCounts, claimJobs, enqueueBatch, failedJobs, failJob, finishJob, MAX_ATTEMPTS, STALE_MS } from '../../server/rendering/queue';

let s: TestServer;
beforeAll(async () => {
  s = await startServer();
});
afterAll(async () => {
  await s?.close();
});

const lines = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ position: i, job: JSON.stringify({ id: `j${i}`, template: 't.json' }) }));

describe('render queue', () => {
  it('loads a batch once, however many nodes load the same file', async () => {
    expect(await enqueueBatch(s.database.db, 'once', lines(5))).toBe(5);
    expect(await enqueueBatch(s.database.db, 'once', lines(5))).toBe(0);
    // A longer file adds only its new lines; other batches are apart.
    expect(await enqueueBatch(s.database.db, 'once', lines(7))).toBe(2);
    expect(await enqueueBatch(s.database.db, 'other', lines(2))).toBe(2);
    expect(await batchCounts(s.database.db, 'once')).toEqual({ queued: 7, running: 0, done: 0, failed: 0 });
  });

  it('hands each job to one node only, in file order, while nodes claim at once', async () => {
    await enqueueBatch(s.database.db, 'race', lines(40));
    const nodes = ['a', 'b', 'c', 'd'];
    const held = new Map<string, number[]>(nodes.map((n) => [n, []]));
    // Every node claims until the batch is empty, all at the same time.
    await Promise.all(
      nodes.map(async (node) => {
        for (;;) {
          const [job] = await claimJobs(s.database.db, 'race', node, 1);
          if (!job) return;
          held.get(node)!.push(job.position);
          expect(await finishJob(s.database.db, job.id, node, `j${job.position}.jpg`)).toBe(true);
        }
      }),
    );
    const all = [...held.values()].flat().sort((x, y) => x - y);
    expect(all).toEqual(Array.from({ length: 40 }, (_, i) => i));
    for (const positions of held.values()) expect(positions).toEqual([...positions].sort((x, y) => x - y));
    expect(await batchCounts(s.database.db, 'race')).toEqual({ queued: 0, running: 0, done: 40, failed: 0 });
  });

  it("gives a dead node's job to another once it is stale, and then refuses the dead node's word on it", async () => {
    await enqueueBatch(s.database.db, 'stale', lines(1));
    const [job] = await claimJobs(s.database.db, 'stale', 'dead', 1);
    expect(job).toBeDefined();
    // Not stale yet: nobody else gets it.
    expect(await claimJobs(s.database.db, 'stale', 'alive', 1, new Date(Date.now() + STALE_MS - 60_000))).toEqual([]);
    const [again] = await claimJobs(s.database.db, 'stale', 'alive', 1, new Date(Date.now() + STALE_MS + 1000));
    expect(again?.id).toBe(job!.id);
    expect(again?.attempts).toBe(2);
    expect(await finishJob(s.database.db, job!.id, 'dead', 'late.jpg')).toBe(false);
    expect(await failJob(s.database.db, job!.id, 'dead', 'late failure')).toBeNull();
    expect(await finishJob(s.database.db, job!.id, 'alive', 'j0.jpg')).toBe(true);
    expect(await batchCounts(s.database.db, 'stale')).toMatchObject({ done: 1, running: 0 });
  });

  it('retries a failed job until its last attempt, and fails a job that can never render at once', async () => {
    await enqueueBatch(s.database.db, 'retry', lines(2));
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      const [job] = await claimJobs(s.database.db, 'retry', 'n', 1);
      expect(job?.position).toBe(0);
      expect(await failJob(s.database.db, job!.id, 'n', `render page: boom ${attempt}`)).toBe(attempt < MAX_ATTEMPTS ? 'queued' : 'failed');
    }
    const [bad] = await claimJobs(s.database.db, 'retry', 'n', 1);
    expect(bad?.position).toBe(1);
    expect(await failJob(s.database.db, bad!.id, 'n', 'no "template"', true)).toBe('failed');
    expect(await claimJobs(s.database.db, 'retry', 'n', 1)).toEqual([]);
    expect((await failedJobs(s.database.db, 'retry')).map((f) => [f.position, f.lastError])).toEqual([
      [0, `render page: boom ${MAX_ATTEMPTS}`],
      [1, 'no "template"'],
    ]);
  });
});
