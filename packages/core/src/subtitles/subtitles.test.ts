import { describe, expect, it } from 'vitest';
import { BadInput } from '../errors.js';
import { formatTimestamp } from './cue.js';
import { parseSubtitles, parseTimestamp } from './parse-subtitles.js';
import { toSrt, toWebVtt } from './write-subtitles.js';

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
