import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import {
  LIVE_CLOSE,
  LIVE_INPUT_RATE,
  LIVE_MAX_FRAME_BYTES,
  type LiveCaption,
  type LiveServerMessage,
} from '@voxlate/contract';
import { pcm16Of, samplesOfPcm16, userMessage, type LiveEvent, type LiveSession, type PcmAudio } from '@voxlate/core';

export interface LiveLimits {
  /** Audio may run this many seconds ahead of the wall clock (a client sending faster than real time). */
  leadSeconds: number;
  /** A client that has not read this many bytes of what it was sent is not reading: it is let go. */
  unreadBytes: number;
  /** No frame at all for this long ends the session (a client gone without closing). */
  idleMs: number;
}

export const LIVE_LIMITS: LiveLimits = { leadSeconds: 30, unreadBytes: 8 * 1024 * 1024, idleMs: 60_000 };

/** Binary frames of dubbed audio are at most this large, so that captions are not held behind them. */
const AUDIO_FRAME_BYTES = 32 * 1024;

/**
 * One client's live session over its WebSocket: audio frames in, in order, to the session;
 * captions and dubbed lines out. Every way it can end (the client's `end`, a refused frame, an
 * engine failure, a client that vanishes or stops reading) stops the session's engines once.
 */
export class LiveConnection {
  private pushing: Promise<void> = Promise.resolve();
  private readonly openedAt = performance.now();
  private idle: NodeJS.Timeout | undefined;
  /** The client said `end` (or the session was closed): no more frames are taken. */
  private ended = false;
  /** The session was refused, failed or lost its client: frames still queued are dropped. */
  private stopped = false;
  /** The session's engines have been let go (after `done`, or by stopping it). */
  private finished = false;

  constructor(
    private readonly socket: WebSocket,
    private readonly session: LiveSession,
    private readonly log: FastifyBaseLogger,
    private readonly limits: LiveLimits = LIVE_LIMITS,
    /** Called once with every caption, for the session's overlay followers. */
    private readonly onCaption: (caption: LiveCaption) => void = () => undefined,
  ) {}

  /**
   * Starts taking frames, first those the client sent before the session started (after its key:
   * see keyFromFirstMessage); resolves when the session is over, however it ended.
   */
  run(early: readonly { data: RawData; isBinary: boolean }[] = []): Promise<void> {
    return new Promise((resolve) => {
      for (const frame of early) this.take(frame.data, frame.isBinary);
      this.socket.on('message', (data, isBinary) => this.take(data, isBinary));
      this.socket.once('close', () => {
        clearTimeout(this.idle);
        if (!this.finished) void this.stop();
        resolve();
      });
      this.resetIdle();
    });
  }

  /** The session's events as the protocol's messages. */
  send(event: LiveEvent): void {
    if (event.type === 'audio') return this.sendAudio(event.id, event.start, event.tempo, event.audio);
    if (event.type === 'line-error') {
      this.log.warn({ err: event.cause, line: event.id }, 'a live line could not be dubbed');
      return this.sendJson({ type: 'error', id: event.id, error: event.error });
    }
    const caption: LiveCaption = {
      type: 'caption',
      id: event.id,
      final: event.type === 'final',
      start: round(event.start),
      end: round(event.end),
      source_text: event.sourceText,
      target_text: event.type === 'final' ? event.targetText : null,
    };
    this.onCaption(caption);
    this.sendJson(caption);
  }

  private take(data: RawData, isBinary: boolean): void {
    this.resetIdle();
    if (this.ended) return;
    if (!isBinary) return this.takeText(data);
    const bytes = bytesOf(data);
    if (bytes.length % 2 !== 0 || bytes.length > LIVE_MAX_FRAME_BYTES) {
      return this.refuse(
        `Audio frames must hold whole 16-bit samples and be at most ${LIVE_MAX_FRAME_BYTES / 1024 / 1024} MB ` +
          `(got ${bytes.length} bytes).`,
      );
    }
    const samples = samplesOfPcm16(bytes);
    // Frames queued before the client's `end` are all pushed: a session behind under load still
    // hears the end of what was said.
    this.pushing = this.pushing.then(async () => {
      if (this.stopped) return;
      const ahead = this.session.received + samples.length / LIVE_INPUT_RATE - this.elapsedSeconds();
      if (ahead > this.limits.leadSeconds) {
        return this.refuse(
          `The audio arrives faster than real time (${Math.round(ahead)} s ahead): send it at the pace it is spoken.`,
        );
      }
      if (this.socket.bufferedAmount > this.limits.unreadBytes) {
        return this.refuse('The client is not reading what it is sent: the session is closed.');
      }
      try {
        await this.session.push(samples);
      } catch (error) {
        this.fail(error);
      }
    });
  }

  private takeText(data: RawData): void {
    let message: unknown;
    try {
      message = JSON.parse(bytesOf(data).toString('utf8'));
    } catch {
      message = undefined;
    }
    if ((message as { type?: unknown } | undefined)?.type !== 'end') {
      return this.refuse('Text frames must be {"type":"end"}; audio goes in binary frames.');
    }
    this.ended = true;
    this.pushing = this.pushing.then(() => this.finish());
  }

  /** After `end`: the remaining lines, then `done`, then the close. */
  private async finish(): Promise<void> {
    try {
      await this.session.end();
      this.finished = true;
      this.sendJson({ type: 'done' });
      this.close(LIVE_CLOSE.done, 'done');
    } catch (error) {
      this.fail(error);
    }
  }

  private sendAudio(id: number, start: number, tempo: number, audio: PcmAudio): void {
    const pcm = pcm16Of(audio.samples);
    this.sendJson({
      type: 'audio',
      id,
      sample_rate: audio.sampleRate,
      start: round(start),
      bytes: pcm.length,
      tempo: round(tempo),
    });
    for (let at = 0; at < pcm.length; at += AUDIO_FRAME_BYTES) {
      this.socket.send(pcm.subarray(at, at + AUDIO_FRAME_BYTES), { binary: true });
    }
  }

  private sendJson(message: LiveServerMessage): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }

  /** The client did something the protocol does not allow: told why, and closed with 1008. */
  private refuse(error: string): void {
    this.sendJson({ type: 'error', error });
    this.close(LIVE_CLOSE.refused, error);
  }

  private fail(error: unknown): void {
    if (error instanceof RangeError) return this.refuse(error.message);
    this.log.error({ err: error }, 'live session failed');
    this.sendJson({ type: 'error', error: userMessage(error) });
    this.close(LIVE_CLOSE.failed, 'engine failure');
  }

  private close(code: number, reason: string): void {
    this.ended = true;
    this.stopped = true;
    clearTimeout(this.idle);
    if (!this.finished) void this.stop();
    closeLiveSocket(this.socket, code, reason);
  }

  private async stop(): Promise<void> {
    this.finished = true;
    this.ended = true;
    this.stopped = true;
    await this.session.cancel().catch((error: unknown) => this.log.warn({ err: error }, 'live session stop failed'));
  }

  private resetIdle(): void {
    clearTimeout(this.idle);
    this.idle = setTimeout(() => {
      if (!this.ended) this.refuse(`No audio for ${Math.round(this.limits.idleMs / 1000)} s: the session is closed.`);
    }, this.limits.idleMs);
  }

  private elapsedSeconds(): number {
    return (performance.now() - this.openedAt) / 1000;
  }
}

/** Closes a live socket; a close reason holds at most 123 bytes, so a longer message must go first as an `error`. */
export function closeLiveSocket(socket: WebSocket, code: number, reason: string): void {
  socket.close(code, Buffer.from(reason).subarray(0, 120).toString());
}

/** A WebSocket message's bytes, however ws handed them over. */
export function bytesOf(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
