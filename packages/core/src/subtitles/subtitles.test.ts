import { describe, expect, it } from 'vitest';
import { BadInput, NoSpeech } from '../errors.js';
import { formatTimestamp } from '@voxlate/shared';
import { parseSubtitles, parseTimestamp } from './parse-subtitles.js';
import { droppedCuesWarning, sourceCues } from './source-cues.js';
import { toSrt, toWebVtt } from '@voxlate/shared';

const cues = [
  { start: 1.5, end: 3.25, text: 'Hello there.' },
  { start: 3661.007, end: 3662, text: 'Second\nline --> here' },
];

describe('subtitles', () => {
  it('formats timestamps for SRT and WebVTT', () => {
    expect(formatTimestamp(3661.007, ',')).toBe('01:01:01,007');
    expect(formatTimestamp(0.5, '.')).toBe('00:00:00.500');
  });

  it('writes SRT with numbered cues', () => {
    expect(toSrt(cues)).toBe(
      '1\n00:00:01,500 --> 00:00:03,250\nHello there.\n\n2\n01:01:01,007 --> 01:01:02,000\nSecond\nline -> here\n',
    );
  });

  it('writes WebVTT with its header', () => {
    expect(toWebVtt(cues).startsWith('WEBVTT\n\n00:00:01.500 --> 00:00:03.250\nHello there.\n')).toBe(true);
  });

  it('reads back what it writes, in both formats', () => {
    for (const text of [toSrt(cues), toWebVtt(cues)]) {
      const parsed = parseSubtitles(text);
      expect(parsed.map((cue) => [cue.start, cue.end])).toEqual([
        [1.5, 3.25],
        [3661.007, 3662],
      ]);
      expect(parsed[0]!.text).toBe('Hello there.');
    }
  });

  it('reads WebVTT without hours, with settings, tags, notes and CRLF', () => {
    const vtt =
      'WEBVTT\r\n\r\nNOTE a comment\r\n\r\n00:01.000 --> 00:02.500 align:start\r\n<v Ann>Hi <b>you</b></v>\r\n';
    expect(parseSubtitles(vtt)).toEqual([{ start: 1, end: 2.5, text: 'Hi you' }]);
  });

  it('parses timestamps', () => {
    expect(parseTimestamp('01:02:03,450')).toBeCloseTo(3723.45, 6);
    expect(parseTimestamp('02:03.4')).toBeCloseTo(123.4, 6);
  });

  it('rejects text with no cues and unreadable timings', () => {
    expect(() => parseSubtitles('just some text')).toThrow(BadInput);
    expect(() => parseSubtitles('1\n00:00:05,000 --> 00:00:01,000\nbackwards\n')).toThrow(/ends before it starts/);
  });
});

describe('sourceCues: limits on subtitles given as the source', () => {
  const srt = (cues: [number, number, string][]): string =>
    toSrt(cues.map(([start, end, text]) => ({ start, end, text })));

  it('keeps the cues inside the media, clips the last one and counts those after the end', () => {
    const { cues, droppedAfterEnd } = sourceCues(
      srt([
        [0.5, 2, 'one'],
        [8, 12, 'two'],
        [10, 11, 'three'],
        [30, 31, 'four'],
      ]),
      10,
    );
    expect(cues).toEqual([
      { start: 0.5, end: 2, text: 'one' },
      { start: 8, end: 10, text: 'two' },
    ]);
    expect(droppedAfterEnd).toBe(2);
    expect(droppedCuesWarning(2, 10)).toBe(
      '2 subtitle cues start after the media ends (at 00:00:10,000) and were left out.',
    );
  });

  it('refuses 2,000 cues on a 3-second clip before any work, naming the limit', () => {
    const bomb = srt(Array.from({ length: 2000 }, (_, i) => [i * 0.0015, i * 0.0015 + 0.01, `cue ${i}`]));
    expect(() => sourceCues(bomb, 3)).toThrow(
      'The subtitles have 2000 cues for 3 s of media: at most 13 are accepted (one a second, plus 10). Check that they belong to this file.',
    );
  });

  it('accepts dense but real subtitles: one cue a second over 30 minutes', () => {
    const dense = srt(Array.from({ length: 1800 }, (_, i) => [i, i + 0.9, `line ${i}`]));
    expect(sourceCues(dense, 1800).cues).toHaveLength(1800);
  });

  it('refuses a cue over 1,000 characters, naming the cue', () => {
    const long = srt([
      [0, 1, 'fine'],
      [2, 3, 'word '.repeat(300)],
    ]);
    expect(() => sourceCues(long, 10)).toThrow(
      /^Subtitle cue 2 \(at 00:00:02,000\) has 1499 characters: at most 1000 are accepted in one cue\.$/,
    );
  });

  it('says so when no cue falls inside the media', () => {
    expect(() => sourceCues(srt([[20, 21, 'late']]), 10)).toThrow(NoSpeech);
  });

  it('never echoes more than a short prefix of a bad line', () => {
    const text = `1\n00:00:01,000 --> ${'9'.repeat(100_000)}\nhello\n`;
    let message = '';
    try {
      parseSubtitles(text);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^Unreadable subtitle timing line: "00:00:01,000 --> 9+…"\.$/);
    expect(message.length).toBeLessThan(120);
  });
});
