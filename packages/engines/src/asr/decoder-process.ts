import { createInterface } from 'node:readline';
import type { ChildProcess } from 'node:child_process';
import {
  EngineUnavailable,
  pcm16Of,
  type EngineContext,
  type LivePartialListener,
  type LiveRecognition,
  type RecognisedSpan,
  whenAborted,
} from '@voxlate/core';

/** Loading a model takes a second or two; more than this means the decoder is stuck. */
const LOAD_TIMEOUT_MS = 30_000;

/**
 * What a decoder process answers, one JSON object a line: `ready` once its model is loaded,
 * the open line's text whenever it changes (`partial`), an `error` for a line it could not decode,
 * or anything else: an ended line's result, read by the engine's `LineReader`.
 */
type DecoderReply = { ready?: true; partial?: string; error?: string } & Record<string, unknown>;

/** Reads an ended line's reply into its words (times in seconds from the line's start). */
export type LineReader = (reply: Record<string, unknown>) => RecognisedSpan;

/** The plain reply: `words` as `[text, start, end, confidence]`, joined by spaces. */
export const readWords: LineReader = (reply) => {
  const words = (reply['words'] as [string, number, number, number][]).map(([text, start, end, confidence]) => ({
    text,
    start,
    end,
    confidence,
  }));
  return { text: words.map((word) => word.text).join(' '), words };
};

/**
 * A recogniser's decoder in a child process, which keeps its model loaded (for a live stream, or
 * warm between batch jobs) and keeps native decoding (and a native crash) out of the service's
 * process. Lines are decoded one at a time, in the order they were ended. It reads
 * frames of a one-letter kind and a little-endian u32 length: `S` starts a line, `A` carries
 * 16 kHz 16-bit PCM, `E` ends the line and asks for its words.
 */
export class DecoderProcess implements LiveRecognition {
  readonly ready: Promise<void>;
  private readonly waiting: { resolve: (span: RecognisedSpan) => void; reject: (error: Error) => void }[] = [];
  private failure: EngineUnavailable | undefined;
  private log = '';
  /**
   * Lines the decoder has answered. It decodes in order and answers each ended line once (its
   * words or an error), so a partial belongs to the line of this number: the first not answered.
   */
  private answered = 0;

  /** Starts talking to `child`, stops it when `context` is aborted, and waits until its model is loaded. */
  static async start(
    name: string,
    child: ChildProcess,
    context: EngineContext,
    onPartial: LivePartialListener,
    readLine: LineReader = readWords,
  ): Promise<DecoderProcess> {
    const recognition = new DecoderProcess(name, child, onPartial, readLine);
    const stopOnAbort = whenAborted(context.signal, () => void recognition.close());
    child.once('close', stopOnAbort);
    await recognition.ready;
    return recognition;
  }

  /** @param name how messages name the decoder ("The PocketSphinx decoder"). */
  constructor(
    name: string,
    private readonly child: ChildProcess,
    private readonly onPartial: LivePartialListener,
    private readonly readLine: LineReader = readWords,
  ) {
    this.ready = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(`${name} did not load its model in time.`);
        reject(this.failure!);
      }, LOAD_TIMEOUT_MS);
      const lines = createInterface({ input: child.stdout! });
      lines.on('line', (line) => {
        const reply = JSON.parse(line) as DecoderReply;
        if (reply.ready) {
          clearTimeout(timer);
          resolve();
        } else this.answer(reply);
      });
      child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (this.log = (this.log + chunk).slice(-4000)));
      child.once('error', (error) => {
        clearTimeout(timer);
        this.fail(`${name} could not start: ${error.message}`);
        reject(this.failure!);
      });
      child.once('close', (code) => {
        clearTimeout(timer);
        this.fail(`${name} stopped (exit ${code ?? 'by signal'}).`);
        reject(this.failure!);
      });
    });
    // A write to a decoder that has just died is reported through `close`, not thrown.
    child.stdin!.on('error', () => undefined);
  }

  startLine(): void {
    this.send('S');
  }

  feed(samples: Float32Array): void {
    this.send('A', pcm16Of(samples));
  }

  /** Audio already in the wire's form: 16 kHz mono signed 16-bit little-endian. */
  feedPcm16(bytes: Buffer): void {
    this.send('A', bytes);
  }

  endLine(): Promise<RecognisedSpan> {
    if (this.failure) return Promise.reject(this.failure);
    const answer = new Promise<RecognisedSpan>((resolve, reject) => this.waiting.push({ resolve, reject }));
    this.send('E');
    return answer;
  }

  /** Stops the process at once, the line it is decoding with it (a cancelled job's). */
  kill(): void {
    this.child.kill('SIGKILL');
  }

  close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    const closed = new Promise<void>((resolve) => this.child.once('close', () => resolve()));
    // End of input lets the decoder finish what it has and exit; a kill makes sure it does.
    this.child.stdin!.end();
    const kill = setTimeout(() => this.child.kill('SIGKILL'), 2000);
    return closed.finally(() => clearTimeout(kill));
  }

  private send(kind: 'S' | 'A' | 'E', payload: Buffer = Buffer.alloc(0)): void {
    if (this.failure || !this.child.stdin!.writable) return;
    const header = Buffer.alloc(5);
    header.write(kind, 0, 'ascii');
    header.writeUInt32LE(payload.length, 1);
    this.child.stdin!.write(payload.length > 0 ? Buffer.concat([header, payload]) : header);
  }

  private answer(reply: DecoderReply): void {
    if (reply.partial !== undefined) return this.onPartial(reply.partial, this.answered);
    this.answered++;
    if (reply.error !== undefined) this.waiting.shift()?.reject(new EngineUnavailable(reply.error));
    else {
      const line = this.waiting.shift();
      try {
        line?.resolve(this.readLine(reply));
      } catch (error) {
        line?.reject(new EngineUnavailable(`The decoder's answer could not be read: ${String(error)}`));
      }
    }
  }

  private fail(message: string): void {
    this.failure ??= new EngineUnavailable(message, this.log);
    for (const line of this.waiting.splice(0)) line.reject(this.failure);
  }
}
