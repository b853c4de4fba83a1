/**
 * The contact sheet as CI runs it: every archetype photographed and rendered with the sample
 * design in its lightest and darkest colour through the real engine, and every view's print
 * checked to stay on the product. Small pictures keep it quick; `npm run mockup:sheet` makes the
 * full-size one to look at.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { ARCHETYPES } from '../../demo/catalog/archetypes/index.ts';
import { archetypeColors } from '../../demo/catalog/templates.ts';
import { MODEL_COUNT } from '../../demo/catalog/archetypes/models.ts';

const MODELS = Math.min(2, MODEL_COUNT);

const run = promisify(execFile);

describe('npm run mockup:sheet', () => {
  it('renders every archetype in two colours and a second model, and keeps every print on its product', async () => {
    const tmp = await mkdtemp(path.join(tmpdir(), 'pod-sheet-'));
    onTestFinished(() => rm(tmp, { recursive: true, force: true }));
    const out = path.join(tmp, 'sheet');
    // Model 0 and model 1 through the engine: every model of every archetype is checked against
    // its mask without the engine by tests/unit/catalog/models.test.ts, and all of them here
    // would treble the run (`npm run mockup:sheet` renders them all).
    const res = await run('npx', ['tsx', 'scripts/mockup-sheet.ts', '--out', out, '--size', '256', '--models', String(MODELS)], {
      cwd: process.cwd(),
      timeout: 280_000,
      maxBuffer: 16 * 1024 * 1024,
    }).catch((e: { code: number; stdout: string; stderr: string }) => e);
    const report = JSON.parse(await readFile(path.join(out, 'report.json'), 'utf8')) as {
      rows: { file: string; pass: boolean; changed: number; outside: number }[];
    };
    const failed = report.rows.filter((r) => !r.pass);
    expect(failed, JSON.stringify(failed.slice(0, 5))).toEqual([]);
    // Every view of every archetype's drawing, in one colour when the product has one, else two;
    // and every view of model 1 (archetypes/models.ts) in one colour.
    const expected = ARCHETYPES.reduce((n, a) => n + a.views.length * ((new Set(archetypeColors(a)).size > 1 ? 2 : 1) + MODELS - 1), 0);
    expect(report.rows).toHaveLength(expected);
    expect(report.rows.every((r) => r.changed > 0)).toBe(true);
    expect(res.stdout).toContain(`${expected} of ${expected} views keep the print on the product`);
  }, 300_000);
});
