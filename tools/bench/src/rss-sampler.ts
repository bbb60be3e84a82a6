import { readdirSync, readFileSync } from 'node:fs';

/**
 * Samples the resident memory of this process and all its descendants (ffmpeg,
 * pocketsphinx, apertium) from /proc, keeping the peak per label.
 */
export class RssSampler {
  private readonly peaks = new Map<string, number>();
  private label = 'idle';
  private timer: NodeJS.Timeout | undefined;

  start(intervalMs = 100): void {
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Attributes the following samples to a stage. */
  setLabel(label: string): void {
    this.sample();
    this.label = label;
    this.sample();
  }

  peak(label: string): number {
    return this.peaks.get(label) ?? 0;
  }

  overallPeak(): number {
    return Math.max(0, ...this.peaks.values());
  }

  reset(): void {
    this.peaks.clear();
  }

  private sample(): void {
    const bytes = treeRss(process.pid);
    this.peaks.set(this.label, Math.max(this.peaks.get(this.label) ?? 0, bytes));
  }
}

/** Sum of VmRSS over a process and its descendants, in bytes. */
export function treeRss(root: number): number {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const parent = parentOf(Number(entry));
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
  }
  let total = 0;
  const queue = [root];
  while (queue.length > 0) {
    const pid = queue.pop()!;
    total += rssOf(pid);
    queue.push(...(children.get(pid) ?? []));
  }
  return total;
}

function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

function rssOf(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}
