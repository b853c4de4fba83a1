/**
 * CPU time of this process's descendants (the headless browser and its GPU, renderer and worker
 * processes), read from /proc: how many of the machine's cores a benchmark row kept busy.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on Linux). */
const TICKS = 100;

function stat(pid: string): { ppid: number; ticks: number } | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after its last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** CPU seconds used so far by every living descendant of `root` (not `root` itself); null off Linux. */
export function descendantsCpuSeconds(root = process.pid): number | null {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return null;
  }
  const info = new Map<number, { ppid: number; ticks: number }>();
  for (const p of pids) {
    const s = stat(p);
    if (s) info.set(Number(p), s);
  }
  const children = new Map<number, number[]>();
  for (const [pid, s] of info) children.set(s.ppid, [...(children.get(s.ppid) ?? []), pid]);
  let ticks = 0;
  const stack = [...(children.get(root) ?? [])];
  while (stack.length) {
    const pid = stack.pop()!;
    ticks += info.get(pid)?.ticks ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return ticks / TICKS;
}
