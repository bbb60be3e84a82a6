import { durationOf, type PcmAudio } from '../audio.js';
import type { RecognisedSpan } from '../engine.js';
import { EngineUnavailable, userMessage } from '../errors.js';
import type { LanguageCode } from '../languages.js';
import type { Word } from '../timeline.js';
import { lineSettings } from '../voice/line-settings.js';
import { measureSourceLine } from '../voice/measure-source-line.js';
import { shapeSpeech } from '../voice/shape-speech.js';
import type { BaseVoice } from '../voice/voice-types.js';
import { LineEndpointer, LIVE_ENDPOINTS, type EndpointSettings, type LiveLineSpan } from './line-endpointer.js';
import { LIVE_SAMPLE_RATE, type LiveEngines } from './live-engines.js';
import { LivePlayout } from './live-playout.js';
import { LiveSpeaker } from './live-speaker.js';
import { RecentAudio } from './recent-audio.js';
import { respell, type Pronunciation } from '../glossary/say-as.js';

export interface LiveSessionOptions {
  sourceLanguage: LanguageCode;
  targetLanguage: LanguageCode;
  /** The synthesiser's voices for the target language, measured (to shape the speaker's voice). */
  baseVoices: readonly BaseVoice[];
  /** Highest speed-up of a line that waited for the one before (the batch fit's cap). */
  tempoCap: number;
  endpoints?: EndpointSettings;
  /** How words of the target are said (a glossary's "say as"): the voice reads the respellings, captions keep the words. */
  lexicon?: readonly Pronunciation[];
}

/** What a live session tells its client, in order. Times are seconds of the incoming stream. */
export type LiveEvent =
  | { type: 'partial'; id: number; start: number; end: number; sourceText: string }
  | {
      type: 'final';
      id: number;
      start: number;
      end: number;
      sourceText: string;
      targetText: string;
      closedBy: LiveLineSpan['closedBy'];
    }
  | { type: 'audio'; id: number; start: number; tempo: number; audio: PcmAudio }
  /** A line that could not be translated or spoken; the session goes on. */
  | { type: 'line-error'; id: number; error: string; cause: unknown };

/**
 * More lines than this waiting to be dubbed means audio arrives faster than this machine dubs
 * it (a client sending faster than real time, or an overloaded machine): the session refuses
 * to queue more rather than let its memory and lag grow without bound.
 */
export const MOST_LINES_WAITING = 24;
/** Seconds of recent audio kept: the longest line, its padding and the detector's delay. */
const RECENT_SECONDS = 12;

/**
 * One live translation: audio in as it is spoken, captions and dubbed lines out. Voice activity
 * and the endpointer close lines at pauses; the recogniser decodes each line while it is spoken;
 * a closed line is translated, spoken in the speaker's shaped voice and laid after the one
 * before, in order. Engines are the session's for its whole length.
 */
export class LiveSession {
  private readonly recent = new RecentAudio(LIVE_SAMPLE_RATE, RECENT_SECONDS);
  private readonly endpointer: LineEndpointer;
  private readonly playout: LivePlayout;
  private readonly speaker: LiveSpeaker;
  private readonly abort = new AbortController();
  /** The line being recognised: where its audio began and how far it has been fed. */
  private recognising: { start: number; fedUntil: number } | undefined;
  /** Lines started on the recognition and not yet answered, by their place in its order. */
  private readonly startedLines = new Map<number, { id: number; start: number; end?: number }>();
  private linesStarted = 0;
  private nextId = 0;
  private waiting = 0;
  /** Lines are dubbed one after another, in the order they were spoken. */
  private dubbing: Promise<void> = Promise.resolve();
  private previous: { source: string; target: string } | undefined;
  private endedAt: number | undefined;

  constructor(
    private readonly engines: LiveEngines,
    private readonly options: LiveSessionOptions,
    private readonly emit: (event: LiveEvent) => void,
  ) {
    this.endpointer = new LineEndpointer(options.endpoints ?? LIVE_ENDPOINTS);
    this.playout = new LivePlayout(options.tempoCap);
    this.speaker = new LiveSpeaker(options.baseVoices, 'shaped');
  }

  /** Seconds of audio received. */
  get received(): number {
    return this.recent.seconds;
  }

  /**
   * The recogniser's text so far for a line (called by the recognition, with the line's place
   * among those started on it): told as that line's partial, even when the recogniser lags and
   * the line has been ended since; a line let go (too short) has none.
   */
  partial(text: string, line: number): void {
    const started = this.startedLines.get(line);
    if (!started || this.abort.signal.aborted) return;
    this.emit({
      type: 'partial',
      id: started.id,
      start: started.start,
      end: started.end ?? this.received,
      sourceText: text,
    });
  }

  /** Takes the next samples of the stream (16 kHz mono, any length). Calls must not overlap. */
  async push(samples: Float32Array): Promise<void> {
    if (this.endedAt !== undefined) throw new RangeError('The live session has ended.');
    this.recent.append(samples);
    const frames = await this.engines.voiceActivity.push(samples);
    for (const frame of frames) for (const line of this.endpointer.push(frame)) this.closeLine(line);
    this.feedOpenLine();
  }

  /** The end of the stream: the open line is closed and every line dubbed before this resolves. */
  async end(): Promise<void> {
    if (this.endedAt === undefined) {
      for (const line of this.endpointer.finish()) this.closeLine(line);
      this.endedAt = performance.now();
    }
    try {
      await this.dubbing;
    } finally {
      await this.engines.recognition.close();
    }
  }

  /** The client is gone: work in progress stops and the engines are let go. */
  async cancel(): Promise<void> {
    this.abort.abort();
    this.endedAt ??= performance.now();
    await this.engines.recognition.close();
    await this.dubbing.catch(() => undefined);
  }

  /** The stream's clock: audio received, and after the end, the time since. */
  private now(): number {
    return this.endedAt === undefined ? this.received : this.received + (performance.now() - this.endedAt) / 1000;
  }

  private feedOpenLine(): void {
    const open = this.endpointer.open;
    if (!open) {
      // A sound too short to be a line (a click, a cough): its recognition is let go.
      if (this.recognising) {
        this.startedLines.delete(this.linesStarted - 1);
        void this.engines.recognition.endLine().catch(() => undefined);
      }
      this.recognising = undefined;
      return;
    }
    if (!this.recognising) this.startLine(open.start);
    this.feedUntil(this.received);
  }

  private startLine(start: number): void {
    this.engines.recognition.startLine();
    this.recognising = { start, fedUntil: start };
    // Ids are given as lines close, in order: the line opening now is the next to get one.
    this.startedLines.set(this.linesStarted++, { id: this.nextId, start });
  }

  private feedUntil(end: number): void {
    const line = this.recognising!;
    if (end <= line.fedUntil) return;
    this.engines.recognition.feed(this.recent.read(line.fedUntil, end));
    line.fedUntil = end;
  }

  private closeLine(line: LiveLineSpan): void {
    if (!this.recognising) this.startLine(line.start);
    this.feedUntil(line.end);
    const offset = this.recognising!.start;
    const ordinal = this.linesStarted - 1;
    this.startedLines.get(ordinal)!.end = line.end;
    // Partials of this line come before its words: once they are in, none is left to come.
    const recognised = this.engines.recognition.endLine().finally(() => this.startedLines.delete(ordinal));
    this.recognising = undefined;
    const audio = { samples: this.recent.read(line.start, line.end), sampleRate: LIVE_SAMPLE_RATE };
    const id = this.nextId++;
    if (++this.waiting > MOST_LINES_WAITING) {
      // Nobody will wait for this line's words: its recognition must not fail unheard.
      recognised.catch(() => undefined);
      throw new RangeError(
        `More than ${MOST_LINES_WAITING} lines are waiting to be dubbed: the audio arrives faster than real time ` +
          'or this machine is overloaded.',
      );
    }
    this.dubbing = this.dubbing.then(async () => {
      try {
        await this.dubLine(id, line, words(await recognised, offset, line.end), audio);
      } catch (error) {
        if (!this.abort.signal.aborted) this.emit({ type: 'line-error', id, error: userMessage(error), cause: error });
      } finally {
        this.waiting--;
      }
    });
  }

  private async dubLine(id: number, line: LiveLineSpan, heard: Word[], audio: PcmAudio): Promise<void> {
    const { sourceLanguage, targetLanguage } = this.options;
    const context = { signal: this.abort.signal };
    const sourceText = heard.map((word) => word.text).join(' ');
    const final = { type: 'final', id, start: line.start, end: line.end, closedBy: line.closedBy } as const;
    if (sourceText === '') {
      this.emit({ ...final, sourceText, targetText: '' });
      return;
    }
    const translation = await this.engines.translator.translate(
      {
        text: sourceText,
        ...(this.previous ? { previous: this.previous.source, previousTranslation: this.previous.target } : {}),
      },
      { source: sourceLanguage, target: targetLanguage },
      context,
    );
    const targetText = translation.text;
    this.previous = { source: sourceText, target: targetText };
    this.emit({ ...final, sourceText, targetText });
    if (targetText.trim() === '')
      throw new EngineUnavailable('The translation of this line came out empty: nothing to speak.');
    const measured = await measureSourceLine(this.engines.shaper, audio, {
      start: line.start,
      end: line.end,
      text: sourceText,
      words: heard,
      language: sourceLanguage,
    });
    const speaker = this.speaker.hear(measured);
    const spoken = respell(targetText, this.options.lexicon ?? [], targetLanguage).text;
    const settings = lineSettings(speaker, measured.prosody, line.end - line.start, spoken, 'shaped', sourceLanguage);
    const speech = await this.engines.synthesiser.synthesise(spoken, targetLanguage, context, settings);
    const shaped = await shapeSpeech(
      this.engines.shaper,
      {
        speech: speech.audio,
        targetText,
        sourceTrack: measured.track,
        prosody: measured.prosody,
        speaker,
        speakerName: 'S1',
        cloned: false,
      },
      context,
    );
    await this.play(id, shaped.audio ?? speech.audio);
  }

  /** Lays the line after the one before, sped up within the cap by the time it waited. */
  private async play(id: number, audio: PcmAudio): Promise<void> {
    if (this.abort.signal.aborted) return;
    if (durationOf(audio) === 0) throw new EngineUnavailable('The voice made no sound for this line.');
    const placed = this.playout.place({ id, readyAt: this.now(), seconds: durationOf(audio) });
    const played =
      placed.tempo > 1.01
        ? await this.engines.stretcher.stretch(audio, placed.tempo, { signal: this.abort.signal })
        : audio;
    this.emit({ type: 'audio', id, start: placed.start, tempo: placed.tempo, audio: played });
  }
}

/**
 * The line's words on the stream's clock. The recogniser may have heard past a line cut for
 * length (its audio ran on into the next line): words mostly after the cut belong to the next.
 */
function words(span: RecognisedSpan, offset: number, end: number): Word[] {
  return span.words
    .map((word) => ({ ...word, start: word.start + offset, end: word.end + offset }))
    .filter((word) => (word.start + word.end) / 2 <= end);
}
