import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { writeFixturePsd, writeFixtureTemplate } from './fixtures';

const run = promisify(execFile);
let dir = '';

async function cli(args: string[]) {
  return run('npx', ['tsx', 'scripts/mockup.ts', ...args], { cwd: process.cwd(), timeout: 170_000 }).catch(
    (e: { code: number; stdout: string; stderr: string }) => e,
  );
}
async function raw(file: string) {
  const { data, info } = await sharp(file).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { info, at: (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)] };
}

afterAll(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pod-cli-'));
  await writeFixturePsd(path.join(dir, 'mock.psd'));
  await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ffffff' } })
    .png()
    .toFile(path.join(dir, 'photo.png'));
  await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0000ff' } })
    .png()
    .toFile(path.join(dir, 'design.png'));
  await writeFixtureTemplate(path.join(dir, 'template.json'), 'photo.png');
});

describe('npm run mockup', () => {
  it('renders a PSD and writes one transparent layer PNG per smart object, named by group path', async () => {
    const res = await cli([
      '--template',
      path.join(dir, 'mock.psd'),
      '--out',
      path.join(dir, 'out.png'),
      '--layers-out',
      path.join(dir, 'layers'),
      '--composite-out',
      path.join(dir, 'whole.png'),
    ]);
    expect(res.stdout).toContain('layers/simple_warp/bbox_change.png');
    const warped = await raw(path.join(dir, 'layers/simple_warp/bbox_change.png'));
    expect([warped.info.width, warped.info.height]).toEqual([300, 200]);
    expect(warped.at(70, 60)[1]).toBeGreaterThan(150); // inside the smart object: its green content
    expect(warped.at(250, 180)[3]).toBe(0); // elsewhere: transparent
    const flat = await raw(path.join(dir, 'layers/flat.png'));
    expect(flat.at(200, 125)).toEqual([0, 192, 0, 255]);
    expect(flat.at(149, 125)[3]).toBe(0);
    const out = await raw(path.join(dir, 'out.png'));
    expect(out.at(10, 10).slice(0, 3)).toEqual([200, 200, 200]); // the photo without the smart objects
    expect(out.at(200, 125).slice(0, 3)).toEqual([0, 192, 0]);
    // The whole document at its own size: the photo with the design in both smart objects.
    const whole = await raw(path.join(dir, 'whole.png'));
    expect([whole.info.width, whole.info.height]).toEqual([300, 200]);
    expect(whole.at(10, 10)).toEqual([200, 200, 200, 255]);
    expect(whole.at(70, 60)[1]).toBeGreaterThan(150);
    expect(whole.at(200, 125)).toEqual([0, 192, 0, 255]);
  }, 180_000);

  it('renders a template JSON with a design image through its perspective layer', async () => {
    const res = await cli([
      '--template',
      path.join(dir, 'template.json'),
      '--design',
      path.join(dir, 'design.png'),
      '--out',
      path.join(dir, 'tpl.png'),
      '--size',
      '400',
    ]);
    expect(res.stdout).toContain('wrote');
    const out = await raw(path.join(dir, 'tpl.png'));
    expect([out.info.width, out.info.height]).toEqual([400, 400]);
    expect(out.at(200, 200).slice(0, 3)).toEqual([0, 0, 255]);
    expect(out.at(10, 10).slice(0, 3)).toEqual([255, 255, 255]);
  }, 180_000);

  it('bakes a PSD into a template that renders any design like the PSD', async () => {
    const tpl = path.join(dir, 'baked');
    const res = await cli(['--template', path.join(dir, 'mock.psd'), '--save-template', tpl]);
    expect(res.stdout).toContain('template.json');
    const template = JSON.parse(await readFile(path.join(tpl, 'template.json'), 'utf8')) as {
      flatList: { flatId: string }[];
      viewList: { viewData: { imageUrl: string } }[];
    };
    expect(template.flatList.map((f) => f.flatId).sort()).toEqual(['flat', 'simple_warp/bbox_change']);
    // The photo is the document without its designs.
    const photo = await raw(path.join(tpl, template.viewList[0]!.viewData.imageUrl));
    expect(photo.at(200, 125)).toEqual([200, 200, 200, 255]);
    const out = path.join(dir, 'baked.png');
    const rendered = await cli(['--template', path.join(tpl, 'template.json'), '--design', path.join(dir, 'design.png'), '--out', out]);
    expect(rendered.stdout).toContain('wrote');
    const img = await raw(out);
    expect([img.info.width, img.info.height]).toEqual([300, 200]);
    expect(img.at(200, 125).slice(0, 3)).toEqual([0, 0, 255]); // the merchant's design in the flat smart object
    expect(img.at(10, 10).slice(0, 3)).toEqual([200, 200, 200]);
  }, 180_000);

  it('refuses a bad template with Data error and a reason', async () => {
    const bad = path.join(dir, 'bad.json');
    await writeFile(bad, JSON.stringify({ flatList: [], viewList: 'x' }));
    const res = await cli(['--template', bad, '--out', path.join(dir, 'bad.png')]);
    expect((res as { code?: number }).code).toBe(1);
    expect(res.stderr).toMatch(/Data error|viewList/);
  }, 180_000);
});
