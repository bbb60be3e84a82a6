import { readFileSync } from 'node:fs';
import type { AbuseCase } from '../abuse-case.js';
import { formType, translateForm } from './form-data.js';
import type { BaseMedia } from './media-files.js';

const cue = (start: string, end: string, text: string): string => `${start} --> ${end}\n${text}\n\n`;

/** Subtitle sources built to cost as much as possible, or to break the parser. */
const BOMBS: readonly [string, () => string | Buffer, readonly number[] | undefined][] = [
  ['60000-cues', () => `WEBVTT\n\n${cue('00:00.000', '00:00.010', 'x').repeat(60_000)}`, [400]],
  ['10000-cues-at-zero', () => cue('00:00:00,000', '00:00:00,001', 'hello').repeat(10_000), [400]],
  ['one-cue-of-100k-characters', () => cue('00:00:00,500', '00:00:02,000', 'word '.repeat(20_000)), [400]],
  ['just-over-2-MB', () => `WEBVTT\n\n${'x'.repeat(2 * 1024 * 1024)}`, [413]],
  ['all-cues-after-the-end', () => cue('01:00:00,000', '01:00:02,000', 'Too late.'), [422]],
  ['hours-99', () => cue('99:59:59,000', '99:59:59,999', 'Far away.'), [422]],
  ['backwards-cue', () => cue('00:00:03,000', '00:00:01,000', 'Backwards.'), [400]],
  ['no-cues', () => 'WEBVTT\n\nNOTE nothing here\n', [400]],
  // An empty text field is a field not sent (browsers' FormData sends empty fields): the dub runs from speech.
  ['empty', () => '', [200]],
  [
    '20000-nested-tags',
    () => cue('00:00:00,500', '00:00:02,000', `${'<b>'.repeat(20_000)}Hello${'</b>'.repeat(20_000)}`),
    [200, 400],
  ],
  ['control-characters', () => cue('00:00:00,500', '00:00:02,000', 'Hel\u0000lo\u0007 the\u001bre.'), undefined],
  [
    'invalid-utf8',
    () =>
      Buffer.concat([
        Buffer.from(cue('00:00:00,500', '00:00:02,000', 'Hi ')),
        Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x0a]),
      ]),
    undefined,
  ],
  ['hostile-timing-line', () => `1\n00:00:00,000 --> ${'0'.repeat(200_000)}\nHello\n`, [400]],
  ['arrow-storm', () => `${'--> '.repeat(100_000)}\n`, [400]],
  ['bom-and-crlf', () => `\uFEFF1\r\n00:00:00,500 --> 00:00:02,000\r\nWelcome back.\r\n\r\n`, [200]],
];

/** Each bomb as a text field and, for the first few, as a file part. */
export function subtitleCases(base: BaseMedia): AbuseCase[] {
  const bombCase = (
    name: string,
    text: () => string | Buffer,
    expect: readonly number[] | undefined,
    filename?: string,
  ): AbuseCase => ({
    id: `subtitles/${name}${filename === undefined ? '' : '-as-file'}`,
    category: 'subtitles',
    target: 'service',
    request: () => ({
      method: 'POST',
      path: '/translate',
      headers: formType(),
      body: translateForm(readFileSync(base.speechWav), 'speech.wav', [
        { name: 'subtitles', value: text(), ...(filename === undefined ? {} : { filename }) },
      ]),
    }),
    ...(expect ? { expect } : {}),
  });
  return [
    ...BOMBS.map(([name, text, expect]) => bombCase(name, text, expect)),
    ...BOMBS.slice(0, 4).map(([name, text, expect]) => bombCase(name, text, expect, 'bomb.srt')),
  ];
}
