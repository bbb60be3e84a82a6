import { readdirSync, readFileSync } from 'node:fs';
import { statFields } from './proc-stat.js';

/** A process that still runs (a zombie has ended; it only waits to be reaped). */
export function isAlive(pid: number): boolean {
  const fields = statFields(pid);
  return fields !== undefined && fields[0] !== 'Z';
}

/** Every process below `pid` (children, their children...), read from /proc. */
export function descendantsOf(pid: number): number[] {
  const childrenOf = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = Number(statFields(Number(entry))?.[1]);
    if (Number.isFinite(parent)) childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), Number(entry)]);
  }
  const found: number[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    for (const child of childrenOf.get(queue.pop()!) ?? []) {
      found.push(child);
      queue.push(child);
    }
  }
  return found;
}

/** Resident memory of one process, bytes (0 once it is gone). */
export function rssOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Resident memory of a process and all its descendants (ffmpeg, pocketsphinx, Apertium), bytes. */
export function treeRss(pid: number): number {
  return [pid, ...descendantsOf(pid)].reduce((total, member) => total + rssOf(member), 0);
}

/**
 * Proportional set size of one process, bytes (0 once it is gone): its resident memory with each
 * page shared with other processes counted by its share, so a tree's sum is what the tree costs.
 */
export function pssOf(pid: number): number {
  try {
    const match = /^Pss:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Proportional set size of a process and all its descendants, bytes. */
export function treePss(pid: number): number {
  return [pid, ...descendantsOf(pid)].reduce((total, member) => total + pssOf(member), 0);
}
