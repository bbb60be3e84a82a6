import type { ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { spawnTied } from '@voxlate/process-lifetime';

/** One analysis of a few words takes ~10 ms; a stuck analyser must not hold up the translation. */
const TIMEOUT_MS = 10_000;
/** lt-proc's null flush: each block ends with this, and so does its answer. */
const END = '\0';

interface Waiter {
  resolve: (output: string) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * An Apertium morphological analyser kept running (`lt-proc -z -w`, null flush): each block of
 * words written with a NUL after it is answered at once with a NUL after the answer, so a dub
 * pays the 0.1-0.2 s of loading the analyser once, not at every check. Blocks are answered in
 * the order they were written. A failed or stuck analyser fails what waits on it and is started
 * afresh at the next block. It never keeps a process alive by itself: only a block waiting for
 * its answer does (its timer).
 */
export class WarmAnalyser {
  private child: ChildProcess | undefined;
  private answer = '';
  private readonly waiting: Waiter[] = [];

  constructor(private readonly analyser: string) {}

  /** The analyser's output for the lines of `input` (words one to a line). */
  analyse(input: string): Promise<string> {
    const child = this.child ?? this.start();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new Error('lt-proc did not answer in time.')), TIMEOUT_MS);
      this.waiting.push({ resolve, reject, timer });
      child.stdin!.write(input.replaceAll(END, '') + END);
    });
  }

  close(): void {
    this.fail(new Error('The analyser was closed.'));
  }

  private start(): ChildProcess {
    const child = spawnTied('lt-proc', ['-z', '-w', this.analyser], { stdio: ['pipe', 'pipe', 'ignore'] });
    this.child = child;
    this.answer = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => this.take(chunk));
    child.stdin!.on('error', () => undefined);
    child.once('error', (error) => this.fail(error));
    child.once('close', (code) => {
      if (this.child === child) this.fail(new Error(`lt-proc exited with ${code ?? 'a signal'}.`));
    });
    // Held warm between dubs, but never the reason a command-line run stays open.
    child.unref();
    (child.stdout as Socket).unref();
    (child.stdin as Socket).unref();
    return child;
  }

  private take(chunk: string): void {
    this.answer += chunk;
    for (let end = this.answer.indexOf(END); end >= 0; end = this.answer.indexOf(END)) {
      const output = this.answer.slice(0, end);
      this.answer = this.answer.slice(end + 1);
      const waiter = this.waiting.shift();
      if (!waiter) continue;
      clearTimeout(waiter.timer);
      waiter.resolve(output);
    }
  }

  /** Stops the analyser and fails every block waiting on it; the next block starts it again. */
  private fail(error: Error): void {
    const child = this.child;
    this.child = undefined;
    child?.kill('SIGKILL');
    for (const waiter of this.waiting.splice(0)) {
      clearTimeout(waiter.timer);
      waiter.reject(error);
    }
  }
}
