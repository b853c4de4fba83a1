/**
 * The render queue: mockup jobs that headless render nodes (`npm run render -- --queue`) claim
 * from the database, so several machines share one job list. A batch is the jobs of one jobs
 * file; each job keeps its line as written and its position in the file, so loading the same file
 * again (every node does, at its start) adds nothing twice.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const renderJobs = pgTable(
  'render_jobs',
  {
    id: serial('id').primaryKey(),
    /** The batch's name, chosen by whoever runs the nodes (one per jobs file). */
    batch: text('batch').notNull(),
    /** The line's number in its jobs file (0-based): the order jobs are claimed in. */
    position: integer('position').notNull(),
    /** The job line as written: template, design, colour, size, view, format, out. */
    job: jsonb('job').notNull(),
    /** queued | running | done | failed */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    /** The node holding a running job, and since when: a node that died gives it back when stale. */
    lockedBy: text('locked_by'),
    lockedAt: ts('locked_at'),
    /** Where the finished image was written (relative to the node's output folder). */
    output: text('output'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('render_jobs_batch_position_idx').on(t.batch, t.position),
    index('render_jobs_claim_idx').on(t.batch, t.status, t.position),
  ],
);
