/**
 * The pool's job order: jobs of one view go to the workers that rendered it before (their caches
 * hold the view), no worker idles while taking another's job would end the run sooner, and jobs
 * without a key keep their order.
 */
import { describe, expect, test } from 'vitest';
import { JobHistory, JobQueue } from '../../../../engine/worker/job-queue.ts';

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

/** A history in which a worker's first job of a view took `setupMs` and a later one `repeatMs`. */
function measured(setupMs: number, repeatMs: number): JobHistory<string> {
  const history = new JobHistory<string>();
  history.record('x', true, 1000); // the worker's start-up job: not a sample
  for (let i = 0; i < 3; i++) {
    history.record('x', true, setupMs);
    history.record('x', false, repeatMs);
  }
  return history;
}

describe('JobQueue', () => {
  test('without keys, jobs go first come, first served', () => {
    const queue = new JobQueue<string>([undefined, undefined, undefined, undefined]);
    expect([queue.take('a'), queue.take('b'), queue.take('b'), queue.take('a'), queue.take('a')]).toEqual([0, 1, 2, 3, undefined]);
  });

  test('each worker keeps to the views it took first, and the holders last across runs', () => {
    const history = new JobHistory<string>();
    // Four views in six colours, colour by colour: a bulk run's order.
    const keys = Array.from({ length: 24 }, (_, i) => `v${i % 4}`);
    const ran = drain(new JobQueue(keys, history), ['a', 'b']);
    const views = (jobs: number[]) => [...new Set(jobs.map((i) => keys[i]))].sort();
    expect(views(ran.a!)).toEqual(['v0', 'v2']);
    expect(views(ran.b!)).toEqual(['v1', 'v3']);
    // The next run: the same split, whoever asks first.
    const again = drain(new JobQueue(keys, history), ['b', 'a']);
    expect(views(again.a!)).toEqual(['v0', 'v2']);
    expect(views(again.b!)).toEqual(['v1', 'v3']);
    // Within a view, jobs keep their order.
    expect(ran.a!.filter((i) => keys[i] === 'v0')).toEqual([0, 4, 8, 12, 16, 20]);
  });

  test('a worker out of its own jobs takes a view nobody has, then helps with the others while nothing is measured', () => {
    const history = new JobHistory<string>();
    history.hold('a', 'v0');
    const queue = new JobQueue(['v0', 'v0', 'v0', 'v1', 'v1', undefined], history);
    expect(queue.take('b')).toBe(3); // v1, nobody's yet: b takes it on
    expect(history.holders.get('v1')).toEqual(['b']);
    expect(queue.take('b')).toBe(4);
    expect(queue.take('b')).toBe(5); // the job without a key
    expect(queue.take('b')).toBe(0); // then a's, rather than idling
    expect(history.holders.get('v0')).toEqual(['a', 'b']);
    // Both hold v0 now: either takes its next job.
    expect([queue.take('a'), queue.take('b'), queue.take('a')]).toEqual([1, 2, undefined]);
  });

  test('jobs without a key and new views are taken in job order', () => {
    const queue = new JobQueue(['v0', undefined, 'v1', undefined]);
    expect([queue.take('a'), queue.take('b'), queue.take('b'), queue.take('b')]).toEqual([0, 1, 2, 3]);
  });

  test("an idle worker leaves a busy worker's last jobs to it when they take less than a setup", () => {
    // A view's first render on a worker took 300 ms, a further colour 25 ms.
    const history = measured(300, 25);
    history.hold('a', 'v0');
    history.hold('b', 'v1');
    const queue = new JobQueue(['v0', 'v1', 'v0', 'v1', 'v0'], history);
    expect([queue.take('a'), queue.take('b'), queue.take('a'), queue.take('b')]).toEqual([0, 1, 2, 3]);
    // b is out of its own jobs; a's one job left takes 25 ms, far less than b's 300 ms setup.
    expect(queue.take('b')).toBeUndefined();
    expect(queue.size).toBe(1);
    expect(history.holds('b', 'v0')).toBe(false);
    expect(queue.take('a')).toBe(4);
  });

  test('an idle worker takes on the busiest view when the jobs left outlast a setup', () => {
    const history = measured(300, 25);
    history.hold('a', 'v0');
    history.hold('a', 'v1');
    // Twenty jobs of v0 and five of v1 left, all a's: 625 ms of work against a 325 ms steal.
    const keys = [...Array.from({ length: 20 }, () => 'v0'), ...Array.from({ length: 5 }, () => 'v1')];
    const queue = new JobQueue(keys, history);
    expect(queue.take('b')).toBe(0); // the key with the most left
    expect(history.holds('b', 'v0')).toBe(true);
    // From then on v0 is b's as much as a's.
    expect(queue.take('b')).toBe(1);
    expect(queue.take('a')).toBe(2);
  });

  test('a view held only by a worker outside the run is taken like one nobody holds', () => {
    // The pool runs one lane for a one-job run; b, which holds v1, takes no part.
    const history = measured(300, 25);
    history.hold('a', 'v0');
    history.hold('b', 'v1');
    const queue = new JobQueue(['v1', 'v1'], history, ['a']);
    expect([queue.take('a'), queue.take('a'), queue.take('a')]).toEqual([0, 1, undefined]);
    expect(history.holds('a', 'v1')).toBe(true);
    // With b in the run, a leaves b its view (three jobs of 25 ms against a 300 ms setup).
    const both = new JobQueue(['v0', 'v0', 'v0'], history, ['a', 'b']);
    history.holders.delete('v0');
    history.hold('b', 'v0');
    expect(both.take('a')).toBeUndefined();
  });

  test('job times are sampled by kind, leaving out each worker’s first job', () => {
    const history = new JobHistory<string>();
    const queue = new JobQueue(['v0', 'v0', 'v0', 'v1'], history);
    const order = [queue.take('a'), queue.take('a'), queue.take('b'), queue.take('a')];
    expect(order).toEqual([0, 1, 3, 2]);
    queue.finished('a', 0, 900); // a's start-up
    queue.finished('a', 1, 20);
    queue.finished('b', 3, 800); // b's start-up
    queue.finished('a', 2, 30);
    expect(history.setupMs).toBeNull();
    expect(history.repeatMs).toBe(30);
    const next = new JobQueue(['v2'], history);
    expect(next.take('b')).toBe(0);
    next.finished('b', 0, 250);
    expect(history.setupMs).toBe(250);
  });
});
