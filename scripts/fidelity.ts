/**
 * npm run fidelity -- [folder] [--out <dir>] [--only <case,case>]
 *
 * Renders every case of a fidelity folder (default ../shared/oracle/psd) through the real engine:
 * each smart-object layer at document size and the whole document, compared with Photoshop's own
 * pixels. Prints case, layer, warp kind, MAE and alpha IoU; exits 1 when a layer is above the
 * layer limit, a composite above the composite limit, or a case cannot render.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openEngineHarness } from './engine-harness.ts';
import { listCases } from '../tools/fidelity/cases.ts';
import { casePassed, formatTable, runCase, type CaseResult } from '../tools/fidelity/run-cases.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string' }, only: { type: 'string' }, notes: { type: 'boolean' } },
});
const root = path.resolve(positionals[0] ?? '../shared/oracle/psd');
const only = values.only ? new Set(values.only.split(',')) : null;
const cases = listCases(root).filter((c) => !only || only.has(c.name));
if (cases.length === 0) {
  console.error(`no cases in ${root}`);
  process.exit(2);
}
const harness = await openEngineHarness();
const results: CaseResult[] = [];
try {
  for (const c of cases) {
    const r = await runCase(harness, c, { outDir: values.out });
    results.push(r);
    console.error(`${casePassed(r) ? 'pass' : 'FAIL'}  ${c.name}  ${r.ms} ms`);
    if (values.notes) for (const n of r.notes) console.error(`  note: ${n}`);
  }
} finally {
  await harness.close();
}
console.log(formatTable(results));
const failed = results.filter((r) => !casePassed(r)).length;
console.log(`\n${results.length - failed} of ${results.length} cases pass`);
process.exit(failed ? 1 : 0);
