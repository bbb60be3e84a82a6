import { open, type FileHandle } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname } from 'node:path';
import {
  Cancelled,
  Internal,
  type AudioSource,
  type EngineContext,
  type LanguageCode,
  type RecognisedSpan,
  type Recogniser,
  type TimeSpan,
  whenAborted,
} from '@voxlate/core';
import type { DecoderProcess } from '../decoder-process.js';
import { readScoredWords } from './doubtful-words.js';
import { pocketsphinxDecoderInstalled, startPocketsphinxDecoder } from './pocketsphinx-decoder.js';
import { WarmDecoderPool } from './warm-decoder-pool.js';

/** Bytes of 16 kHz s16le analysis audio per 10 ms frame. */
const BYTES_PER_FRAME = 320;

/**
 * CMU pocketsphinx (Debian), US English, with word timings, posteriors and the doubt the review
 * flags use. Decoders stay warm between jobs, one per core: each span is decoded whole
 * (normalised over the span) by the next free decoder, so a short clip costs its decoding only,
 * not a model load (about 0.7 s), and a long file keeps every core busy to the end.
 */
export class PocketsphinxRecogniser implements Recogniser {
  readonly id = 'pocketsphinx';
  readonly kind = 'offline' as const;
  readonly name = 'CMU PocketSphinx (en-us)';
  readonly languages: readonly LanguageCode[] = ['eng'];
  private readonly pool: WarmDecoderPool;

  /** `idleMs`: a decoder unused this long is stopped (VOXLATE_ENGINE_IDLE_SECONDS). */
  constructor(workers = availableParallelism(), idleMs?: number) {
    this.pool = new WarmDecoderPool(
      workers,
      () => startPocketsphinxDecoder('whole', {}, () => undefined, readScoredWords),
      idleMs,
    );
  }

  static isInstalled(): Promise<boolean> {
    return pocketsphinxDecoderInstalled();
  }

  async recognise(
    audio: AudioSource,
    spans: readonly TimeSpan[],
    _language: LanguageCode,
    context: EngineContext,
  ): Promise<RecognisedSpan[]> {
    if (audio.sampleRate !== 16000 || extname(audio.path) !== '.s16le') {
      throw new Internal('pocketsphinx needs the 16 kHz s16le analysis audio.');
    }
    const queue = spans.map((span, index) => ({ span, index }));
    const results: RecognisedSpan[] = spans.map(() => ({ text: '', words: [] }));
    let done = 0;
    const file = await open(audio.path);
    try {
      const work = { queue, results, file, context, onSpan: () => context.onProgress?.(++done, spans.length) };
      // Every worker is waited for, even once one has failed: none is left decoding for nobody.
      const settled = await Promise.allSettled(
        Array.from({ length: Math.min(this.pool.size, spans.length) }, () => this.decodeQueue(work)),
      );
      if (context.signal?.aborted) throw new Cancelled();
      const failed = settled.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
      return results;
    } finally {
      await file.close();
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  /** One warm decoder taking spans from the shared queue until it is empty. */
  private async decodeQueue(work: {
    queue: { span: TimeSpan; index: number }[];
    results: RecognisedSpan[];
    file: FileHandle;
    context: EngineContext;
    onSpan: () => void;
  }): Promise<void> {
    const { queue, results, file, context } = work;
    if (context.signal?.aborted) return;
    const decoder = await this.pool.acquire();
    // Cancelled while it waited: the decoder has heard nothing and goes back as it is.
    if (context.signal?.aborted) return this.pool.release(decoder);
    let sound = true;
    // A cancelled job's decoder is stopped mid-line and replaced at the next job.
    const stopOnAbort = whenAborted(context.signal, () => {
      sound = false;
      decoder.kill();
    });
    try {
      for (let next = queue.shift(); next && !context.signal?.aborted; next = queue.shift()) {
        results[next.index] = await decodeSpan(decoder, file, next.span);
        work.onSpan();
      }
    } catch (error) {
      sound = false;
      // The others stop at their next span: the job fails with this decoder's error.
      queue.length = 0;
      throw error;
    } finally {
      stopOnAbort();
      if (sound) this.pool.release(decoder);
      else this.pool.discard(decoder);
    }
  }
}

async function decodeSpan(decoder: DecoderProcess, file: FileHandle, span: TimeSpan): Promise<RecognisedSpan> {
  // Frames first to last inclusive, as pocketsphinx_batch reads a control file's span: one 10 ms
  // frame more or less can change what PocketSphinx hears in a hard line.
  const firstFrame = Math.round(span.start * 100);
  const lastFrame = Math.round(span.end * 100);
  const start = firstFrame * BYTES_PER_FRAME;
  const length = Math.max(0, lastFrame + 1 - firstFrame) * BYTES_PER_FRAME;
  const bytes = Buffer.alloc(length);
  const { bytesRead } = await file.read(bytes, 0, length, start);
  decoder.startLine();
  decoder.feedPcm16(bytes.subarray(0, bytesRead - (bytesRead % 2)));
  const line = await decoder.endLine();
  const words = line.words.map((word) => ({
    ...word,
    start: round3(span.start + word.start),
    end: round3(span.start + word.end),
  }));
  return { text: line.text, words };
}

function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}
