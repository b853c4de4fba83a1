/**
 * The pool's job order: jobs of one view go to the worker that rendered it before (its caches
 * hold the view), no worker idles while jobs are left, and jobs without a key keep their order.
 */
import { describe, expect, test } from 'vitest';
import { JobQueue } from '../../../../engine/worker/job-queue.ts';

/** Takes every job with workers taking turns; returns who ran what, by worker. */
function drain<W extends string>(queue: JobQueue<W>, turns: readonly W[]): Record<string, number[]> {
  const ran: Record<string, number[]> = {};
  for (let t = 0; queue.size > 0; t++) {
    const w = turns[t % turns.length]!;
    const index = queue.take(w);
    if (index !== undefined) (ran[w] ??= []).push(index);
  }
  return ran;
}

describe('JobQueue', () => {
  test('without keys, jobs go first come, first served', () => {
    const queue = new JobQueue<string>([undefined, undefined, undefined, undefined], new Map());
    expect([queue.take('a'), queue.take('b'), queue.take('b'), queue.take('a'), queue.take('a')]).toEqual([0, 1, 2, 3, undefined]);
  });

  test('each worker keeps to the views it took first, and the owners last across runs', () => {
    const owners = new Map<string, string>();
    // Four views in six colours, colour by colour: a bulk run's order.
    const keys = Array.from({ length: 24 }, (_, i) => `v${i % 4}`);
    const ran = drain(new JobQueue(keys, owners), ['a', 'b']);
    const views = (jobs: number[]) => [...new Set(jobs.map((i) => keys[i]))].sort();
    expect(views(ran.a!)).toEqual(['v0', 'v2']);
    expect(views(ran.b!)).toEqual(['v1', 'v3']);
    // The next run: the same split, whoever asks first.
    const again = drain(new JobQueue(keys, owners), ['b', 'a']);
    expect(views(again.a!)).toEqual(['v0', 'v2']);
    expect(views(again.b!)).toEqual(['v1', 'v3']);
    // Within a view, jobs keep their order.
    expect(ran.a!.filter((i) => keys[i] === 'v0')).toEqual([0, 4, 8, 12, 16, 20]);
  });

  test('a worker out of its own jobs takes a view nobody has, then helps with the others', () => {
    const owners = new Map<string, string>([['v0', 'a']]);
    const queue = new JobQueue(['v0', 'v0', 'v0', 'v1', 'v1', undefined], owners);
    expect(queue.take('b')).toBe(3); // v1, nobody's yet: b claims it
    expect(owners.get('v1')).toBe('b');
    expect(queue.take('b')).toBe(4);
    expect(queue.take('b')).toBe(5); // the job without a key
    expect(queue.take('b')).toBe(0); // then a's own, rather than idling
    expect(owners.get('v0')).toBe('a');
    expect([queue.take('a'), queue.take('a'), queue.take('a')]).toEqual([1, 2, undefined]);
  });

  test('jobs without a key and new views are taken in job order', () => {
    const queue = new JobQueue(['v0', undefined, 'v1', undefined], new Map<string, string>());
    expect([queue.take('a'), queue.take('b'), queue.take('b'), queue.take('b')]).toEqual([0, 1, 2, 3]);
  });
});
