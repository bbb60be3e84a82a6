import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, type LanguageCode } from '../languages.js';
import type { Segment, Timeline } from '../timeline.js';
import type { Cue } from '@voxlate/shared';
import { cueRulesFor } from './cue-rules.js';
import { subtitleWords, widthOf } from './subtitle-words.js';
import { timelineCues } from './timeline-cues.js';

/** The development data: the same UI messages in English and 9 targets (Cantonese is not in it). */
const DEV = readFileSync(new URL('../../../../../shared/data/mt-dev/ui-messages-10way.tsv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .map((row) => row.split('\t'));
const COLUMNS = DEV[0]! as LanguageCode[];
/** Everyday spoken Cantonese (written with its own characters: 佢, 係, 唔, 嘅, 咗). */
const CANTONESE = [
  '今日我哋試下呢部新相機，睇下佢拍片efficient唔efficient。',
  '佢話呢個電池可以用成三個鐘頭，出街拍嘢都唔使擔心。',
  '如果你鍾意呢條片，記得留言話俾我知你想睇乜嘢。',
  '我哋下個禮拜會再嚟，到時見啦！',
  '呢度嘅嘢食好好味，不過有啲貴。',
  '你係唔係已經食咗飯？',
];

/** Lines as a dub would have them: about three sentences said in one breath, at a speaking pace. */
function linesOf(language: LanguageCode, count: number): string[] {
  const sentences = language === 'yue' ? CANTONESE : DEV.slice(1).map((row) => row[COLUMNS.indexOf(language)]!);
  const usable = sentences.filter((sentence) => sentence && sentence.length > 3).slice(0, count * 3);
  const unspaced = cueRulesFor(language).unspaced;
  const lines: string[] = [];
  for (let i = 0; i < usable.length; i += 3) lines.push(usable.slice(i, i + 3).join(unspaced ? '' : ' '));
  return lines;
}

/** A Timeline whose lines follow each other with a short pause, spoken at `charactersPerSecond`. */
function timelineOf(language: LanguageCode, lines: string[], charactersPerSecond: number): Timeline {
  let at = 0.5;
  const segments: Segment[] = lines.map((text, id) => {
    const seconds = Math.max(0.6, [...text].length / charactersPerSecond);
    const segment: Segment = {
      id,
      start: at,
      end: at + seconds,
      sourceText: text,
      words: [],
      targetText: text,
      quality: 'full',
      engines: {},
    };
    at += seconds + 0.4;
    return segment;
  });
  return {
    sourceLanguage: language,
    targetLanguage: language,
    duration: at + 1,
    sampleRate: 48000,
    segments,
    warnings: [],
  };
}

/** The text's word boundaries as character offsets (where a line or cue may break). */
function boundaries(text: string, language: LanguageCode): Set<string> {
  const words = subtitleWords(text, cueRulesFor(language));
  return new Set(words.map((word) => word.text));
}

function expectBroadcastRules(cues: Cue[], timeline: Timeline, language: LanguageCode): void {
  const rules = cueRulesFor(language);
  const join = rules.unspaced ? '' : ' ';
  for (const [i, cue] of cues.entries()) {
    const lines = cue.text.split('\n');
    const where = `${language} cue ${i}: ${JSON.stringify(cue.text)}`;
    expect(lines.length, where).toBeLessThanOrEqual(2);
    for (const line of lines) expect(widthOf(line), where).toBeLessThanOrEqual(rules.maxLineChars);
    // Balanced: no short line beside a long one that had a word to spare (a lone long word may be).
    if (lines.length === 2) {
      const [short, long] = [...lines].sort((a, b) => widthOf(a) - widthOf(b)) as [string, string];
      const longIsOneWord = subtitleWords(long, rules).length === 1;
      if (!longIsOneWord) expect(widthOf(short) / widthOf(long), where).toBeGreaterThanOrEqual(0.35);
    }
    expect(cue.end - cue.start, where).toBeLessThanOrEqual(rules.maxSeconds + 1e-9);
    expect(cue.end - cue.start, where).toBeGreaterThanOrEqual(rules.minSeconds - 1e-9);
  }
  for (const segment of timeline.segments) {
    const mine = cues.filter((cue) => cue.start >= segment.start - 1e-9 && cue.start < segment.end);
    const words = subtitleWords(segment.targetText, rules);
    // The cues hold the line's words, whole, in order: no word is split across lines or cues.
    const cueWords = mine.flatMap((cue) => cue.text.split('\n').flatMap((line) => subtitleWords(line, rules)));
    expect(cueWords.map((word) => word.text).join(join), `${language} line ${segment.id}`).toBe(
      words.map((word) => word.text).join(join),
    );
    const known = boundaries(segment.targetText, language);
    for (const word of cueWords) expect(known.has(word.text), `${language}: ${word.text}`).toBe(true);
    // No cue of one orphan word unless the line is one word.
    if (words.length > 1) for (const cue of mine) expect(subtitleWords(cue.text, rules).length).toBeGreaterThan(1);
  }
}

describe('subtitles by the broadcasters’ rules, in every language', () => {
  it.each([...LANGUAGE_CODES])('%s: line length, two balanced lines, whole words, no orphan, 5/6-7 s', (language) => {
    const rules = cueRulesFor(language);
    // Alphabetic scripts spoken at ~14 characters a second, CJK at ~5.
    const timeline = timelineOf(language, linesOf(language, 40), rules.unspaced ? 5 : 14);
    expect(timeline.segments.length).toBeGreaterThanOrEqual(2);
    const cues = timelineCues(timeline, 'target');
    expect(cues.length).toBeGreaterThanOrEqual(timeline.segments.length);
    expectBroadcastRules(cues, timeline, language);
  });

  it('keeps Japanese words whole where characters were cut before (いく|らですか, ハー|ト)', () => {
    const text = 'このハートのキーホルダーはいくらですか？お土産にちょうどいいと思いました。';
    const timeline = timelineOf('jpn', [text], 5);
    const cues = timelineCues(timeline, 'target');
    const lines = cues.flatMap((cue) => cue.text.split('\n'));
    expect(lines.some((line) => line.endsWith('いく') || line.startsWith('らですか'))).toBe(false);
    expect(lines.some((line) => line.endsWith('ハー'))).toBe(false);
    expectBroadcastRules(cues, timeline, 'jpn');
  });
});
