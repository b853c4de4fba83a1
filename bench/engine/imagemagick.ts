/**
 * Baseline (b): ImageMagick, run from Node with child_process. Finds a real ImageMagick (the
 * `convert` on PATH may be a stand-in), installs Debian's when asked, and turns the page's plans
 * (the engine's own matrices, text layout, mesh vertices and clip path) into `convert` runs.
 */
import { execFile, spawnSync } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ImPlan } from './page.ts';

const run = promisify(execFile);

export interface ImageMagick {
  bin: string;
  version: string;
}

export function findImageMagick(): ImageMagick | null {
  // The `convert` on PATH may be a stand-in that only mentions ImageMagick: the real one prints
  // "Version: ImageMagick …". /usr/bin/convert first, so a wrapper on PATH adds no start-up time.
  for (const bin of ['magick', '/usr/bin/convert', 'convert']) {
    const r = spawnSync(bin, ['-version'], { encoding: 'utf8' });
    const m = r.status === 0 ? /^Version: (ImageMagick [^\s]+(?: Q\d+)?)/m.exec(r.stdout) : null;
    if (m) return { bin, version: m[1]! };
  }
  return null;
}

export function installImageMagick(): void {
  process.stderr.write('[bench] installing imagemagick with apt-get (--install-imagemagick)\n');
  const opts = {
    stdio: ['ignore', process.stderr, process.stderr] as ('ignore' | NodeJS.WriteStream)[],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  };
  if (spawnSync('apt-get', ['install', '-y', 'imagemagick'], opts).status === 0) return;
  spawnSync('apt-get', ['update'], opts);
  spawnSync('apt-get', ['install', '-y', 'imagemagick'], opts);
}

const num = (v: number) => (Math.abs(v) < 1e-9 ? '0' : v.toFixed(3).replace(/\.?0+$/, ''));
const offset = (x: number, y: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}${y >= 0 ? '+' : ''}${y.toFixed(1)}`;

/** Args that leave the composed flat (fw x fh, transparent) as the current image: images by
 * -distort AffineProjection with the engine's matrices, text by -annotate at the engine's
 * baselines (fill, then stroke on top, the fill's shadow blurred underneath). */
export function imFlatArgs(elements: ImPlan['elements'], fw: number, fh: number, dir: string): string[] {
  const a: string[] = ['-size', `${fw}x${fh}`, 'xc:none'];
  for (const el of elements) {
    if (el.kind === 'image') {
      a.push(
        '(',
        path.join(dir, `${el.name}.mpc`),
        '-virtual-pixel',
        'transparent',
        '-define',
        `distort:viewport=${fw}x${fh}+0+0`,
        '-distort',
        'AffineProjection',
        el.matrix.map(num).join(','),
        '+repage',
        ')',
        '-compose',
        'Over',
        '-composite',
      );
      continue;
    }
    const text = (fill: string, stroke: string, width: number, dx: number, dy: number) => [
      '-font',
      path.resolve(el.font),
      '-pointsize',
      num(el.pointsize),
      '-kerning',
      num(el.kerning),
      '-fill',
      fill,
      '-stroke',
      stroke,
      '-strokewidth',
      num(width),
      ...el.lines.flatMap((l) => ['-annotate', offset(l.x + dx, l.y + dy), l.text]),
    ];
    if (el.shadow) {
      a.push(
        '(',
        '-size',
        `${fw}x${fh}`,
        'xc:none',
        ...text(el.shadow.color, 'none', 0, el.shadow.dx, el.shadow.dy),
        '-channel',
        'A',
        '-blur',
        `0x${num(el.shadow.sigma)}`,
        '+channel',
        ')',
        '-compose',
        'Over',
        '-composite',
      );
    }
    a.push(...text(el.fill, 'none', 0, 0, 0));
    if (el.stroke) a.push(...text('none', el.stroke, el.strokeWidth, 0, 0));
  }
  return a;
}

/**
 * One mockup as one `convert` run: the flat composed (imFlatArgs) at the engine's scale, warped
 * with -distort Polynomial (order 3) through the engine's own mesh vertices as control points,
 * clipped by the PPC path (DstIn), faded by the layer opacity, and -compose'd with the blend
 * onto the (tinted: Rec601 luma x colour) photo.
 */
export function imArgs(plan: ImPlan, dir: string, photo: string, output: string[]): string[] {
  const { width: W, height: H } = plan.out;
  const a: string[] = [photo];
  if (plan.tint) a.push('-grayscale', 'Rec601Luma', '+level-colors', `black,${plan.tint}`);
  a.push('(', ...imFlatArgs(plan.elements, plan.flat.width, plan.flat.height, dir));
  a.push(
    '-virtual-pixel',
    'transparent',
    '-define',
    `distort:viewport=${W}x${H}+0+0`,
    '-distort',
    'Polynomial',
    `3 ${plan.controlPoints.map(num).join(',')}`,
    '+repage',
  );
  if (plan.clip)
    a.push(
      '(',
      '-size',
      `${W}x${H}`,
      'xc:none',
      '-fill',
      'white',
      '-stroke',
      'none',
      '-draw',
      `path '${plan.clip}'`,
      ')',
      '-compose',
      'DstIn',
      '-composite',
    );
  if (plan.opacity < 1) a.push('-channel', 'A', '-evaluate', 'multiply', num(plan.opacity), '+channel');
  a.push(')', '-compose', plan.compose, '-composite', ...output);
  return a;
}

export async function timeIm(im: ImageMagick, args: string[]): Promise<number> {
  const t0 = performance.now();
  await run(im.bin, args, { maxBuffer: 64 * 1024 * 1024 });
  return performance.now() - t0;
}
