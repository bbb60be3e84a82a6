import { type LiveAudio, type LiveCaption } from '@voxlate/contract';
import { liveCues, toSrt, toWebVtt } from '@voxlate/shared';
import { CAPTURE_RATE } from './microphone.js';

interface DubbedLine {
  start: number;
  sampleRate: number;
  pcm: Int16Array;
}

/** A finished live session's files, as object URLs to download. */
export interface SessionFiles {
  sourceAudio: string;
  dubbedAudio: string;
  sourceSrt: string;
  sourceVtt: string;
  targetSrt: string;
  targetVtt: string;
}

/**
 * What a live session heard and said, kept in the page to be downloaded when it ends: the
 * speaker's audio, the dubbed lines where they played, and the final captions in both languages.
 */
export class LiveRecording {
  private readonly source: Int16Array[] = [];
  private readonly finals = new Map<number, LiveCaption>();
  private readonly dubbed = new Map<number, DubbedLine>();

  addSource(pcm: ArrayBuffer): void {
    this.source.push(new Int16Array(pcm.slice(0)));
  }

  addCaption(caption: LiveCaption): void {
    if (caption.final && caption.source_text !== '') this.finals.set(caption.id, caption);
  }

  addAudio(header: LiveAudio, pcm: Uint8Array): void {
    const samples = new Int16Array(pcm.slice().buffer);
    this.dubbed.set(header.id, { start: header.start, sampleRate: header.sample_rate, pcm: samples });
  }

  get lines(): number {
    return this.finals.size;
  }

  files(): SessionFiles {
    const source = joined(this.source);
    const lines = [...this.dubbed.values()];
    const rate = lines[0]?.sampleRate ?? CAPTURE_RATE;
    const dub = new Int16Array(Math.max(0, ...lines.map((line) => Math.round(line.start * rate) + line.pcm.length)));
    for (const line of lines) dub.set(line.pcm, Math.round(line.start * rate));
    const cues = liveCues(
      [...this.finals.values()].map((caption) => {
        const dubbed = this.dubbed.get(caption.id);
        const line = { start: caption.start, end: caption.end, sourceText: caption.source_text };
        const played = dubbed && { start: dubbed.start, seconds: dubbed.pcm.length / dubbed.sampleRate };
        return { ...line, targetText: caption.target_text ?? '', ...(played ? { played } : {}) };
      }),
    );
    return {
      sourceAudio: URL.createObjectURL(wav(source, CAPTURE_RATE)),
      dubbedAudio: URL.createObjectURL(wav(dub, rate)),
      sourceSrt: textUrl(toSrt(cues.source), 'application/x-subrip'),
      sourceVtt: textUrl(toWebVtt(cues.source), 'text/vtt'),
      targetSrt: textUrl(toSrt(cues.target), 'application/x-subrip'),
      targetVtt: textUrl(toWebVtt(cues.target), 'text/vtt'),
    };
  }
}

function joined(parts: readonly Int16Array[]): Int16Array<ArrayBuffer> {
  const out = new Int16Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

function textUrl(text: string, type: string): string {
  return URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
}

/** Mono 16-bit PCM as a WAV file. */
function wav(samples: Int16Array<ArrayBuffer>, rate: number): Blob {
  const header = new DataView(new ArrayBuffer(44));
  const ascii = (at: number, text: string): void => {
    for (let i = 0; i < text.length; i++) header.setUint8(at + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  header.setUint32(4, 36 + samples.byteLength, true);
  ascii(8, 'WAVEfmt ');
  header.setUint32(16, 16, true);
  header.setUint16(20, 1, true);
  header.setUint16(22, 1, true);
  header.setUint32(24, rate, true);
  header.setUint32(28, rate * 2, true);
  header.setUint16(32, 2, true);
  header.setUint16(34, 16, true);
  ascii(36, 'data');
  header.setUint32(40, samples.byteLength, true);
  return new Blob([header, samples], { type: 'audio/wav' });
}
