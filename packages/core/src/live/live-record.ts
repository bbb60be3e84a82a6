import { liveCues } from '@voxlate/shared';
import { durationOf, type PcmAudio } from '../audio.js';
import type { Cue } from '@voxlate/shared';
import type { LiveEvent } from './live-session.js';

interface RecordedLine {
  start: number;
  end: number;
  sourceText: string;
  targetText: string;
  played?: { start: number; audio: PcmAudio };
}

/**
 * What a live session said, kept to be written at its end: the final captions of both
 * languages as subtitles, and the dubbed lines laid on one track where they played.
 */
export class LiveRecord {
  private readonly lines = new Map<number, RecordedLine>();

  take(event: LiveEvent): void {
    if (event.type === 'final') {
      const { start, end, sourceText, targetText } = event;
      if (sourceText !== '') this.lines.set(event.id, { start, end, sourceText, targetText });
    } else if (event.type === 'audio') {
      const line = this.lines.get(event.id);
      if (line) line.played = { start: event.start, audio: event.audio };
    }
  }

  get count(): number {
    return this.lines.size;
  }

  /** The source lines where they were spoken, the translations where their dubbed speech plays. */
  cues(): { source: Cue[]; target: Cue[] } {
    return liveCues(
      [...this.lines.values()].map(({ played, ...line }) =>
        played ? { ...line, played: { start: played.start, seconds: durationOf(played.audio) } } : line,
      ),
    );
  }

  /** The dubbed lines on one track from the stream's start (lines never overlap; silence between). */
  dubbedTrack(): PcmAudio {
    const played = [...this.lines.values()].flatMap((line) => (line.played ? [line.played] : []));
    const sampleRate = played[0]?.audio.sampleRate ?? 16000;
    const length = Math.max(
      0,
      ...played.map((line) => Math.round(line.start * sampleRate) + line.audio.samples.length),
    );
    const samples = new Float32Array(length);
    for (const line of played) samples.set(line.audio.samples, Math.round(line.start * sampleRate));
    return { samples, sampleRate };
  }
}
