import { access } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { createInterface } from 'node:readline';
import type { ChildProcess } from 'node:child_process';
import {
  EngineUnavailable,
  pcm16Of,
  type EngineContext,
  type LanguageCode,
  type LiveRecogniser,
  type LiveRecognition,
  type RecognisedSpan,
} from '@voxlate/core';
import { spawnTied } from '@voxlate/process';
import { FAST_SEARCH, POCKETSPHINX_MODEL } from '../pocketsphinx/pocketsphinx-recogniser.js';

/** Debian's Python and its PocketSphinx binding (python3-pocketsphinx): the library, fed as audio arrives. */
export const PYTHON = '/usr/bin/python3';
const BINDING = '/usr/lib/python3/dist-packages/pocketsphinx/__init__.py';
/**
 * The decoder loop, kept beside this file's source. Reached through `src/` so that the same path
 * works from the built `dist/` file, which sits at the same depth.
 */
const DECODER = fileURLToPath(new URL('../../../src/asr/pocketsphinx-live/live_decoder.py', import.meta.url));
/** The model takes about a second to load; more than this means the decoder is stuck. */
const LOAD_TIMEOUT_MS = 30_000;

/**
 * CMU PocketSphinx decoding live: one decoder process per stream keeps the US English model
 * loaded and decodes each line's audio as it arrives (about 0.1 x real time on one core), for
 * partial captions; when the line ends, a second decoder hears it again whole, normalised over
 * the whole line as the batch recogniser does (22.5 % word errors on the LibriVox lines against
 * 32 % for the streaming pass), which costs about 0.09 s per second of line.
 */
export class PocketsphinxLiveRecogniser implements LiveRecogniser {
  readonly id = 'pocketsphinx-live';
  readonly kind = 'offline' as const;
  readonly name = 'CMU PocketSphinx live (en-us)';
  readonly languages: readonly LanguageCode[] = ['eng'];

  static async isInstalled(): Promise<boolean> {
    try {
      await Promise.all([access(PYTHON), access(BINDING), access(POCKETSPHINX_MODEL), access(DECODER)]);
      return true;
    } catch {
      return false;
    }
  }

  async open(
    _language: LanguageCode,
    context: EngineContext,
    onPartial: (text: string) => void,
  ): Promise<LiveRecognition> {
    const child = spawnTied(PYTHON, [DECODER, POCKETSPHINX_MODEL, ...FAST_SEARCH], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const recognition = new DecoderProcess(child, onPartial);
    const onAbort = (): void => void recognition.close();
    context.signal?.addEventListener('abort', onAbort, { once: true });
    child.once('close', () => context.signal?.removeEventListener('abort', onAbort));
    await recognition.ready;
    return recognition;
  }
}

interface DecoderReply {
  ready?: true;
  partial?: string;
  words?: [string, number, number, number][];
  error?: string;
}

/** One decoder process and the lines waiting for its answer, in order. */
class DecoderProcess implements LiveRecognition {
  readonly ready: Promise<void>;
  private readonly waiting: { resolve: (span: RecognisedSpan) => void; reject: (error: Error) => void }[] = [];
  private failure: EngineUnavailable | undefined;
  private log = '';

  constructor(
    private readonly child: ChildProcess,
    private readonly onPartial: (text: string) => void,
  ) {
    this.ready = new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail('The live PocketSphinx decoder did not load its model in time.');
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
        this.fail(`The live PocketSphinx decoder could not start: ${error.message}`);
        reject(this.failure!);
      });
      child.once('close', (code) => {
        clearTimeout(timer);
        this.fail(`The live PocketSphinx decoder stopped (exit ${code ?? 'by signal'}).`);
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

  endLine(): Promise<RecognisedSpan> {
    if (this.failure) return Promise.reject(this.failure);
    const answer = new Promise<RecognisedSpan>((resolve, reject) => this.waiting.push({ resolve, reject }));
    this.send('E');
    return answer;
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
    if (reply.partial !== undefined) this.onPartial(reply.partial);
    else if (reply.words) {
      const words = reply.words.map(([text, start, end, confidence]) => ({ text, start, end, confidence }));
      this.waiting.shift()?.resolve({ text: words.map((word) => word.text).join(' '), words });
    } else if (reply.error) this.waiting.shift()?.reject(new EngineUnavailable(reply.error));
  }

  private fail(message: string): void {
    this.failure ??= new EngineUnavailable(message, this.log);
    for (const line of this.waiting.splice(0)) line.reject(this.failure);
  }
}
