import { basename, dirname, extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { BadInput, LANGUAGE_CODES, isLanguageCode, type LanguageCode } from '@voxlate/core';

export interface LiveArgs {
  /** A media file, or '-' for 16 kHz mono s16le PCM on standard input. */
  input: string;
  to: LanguageCode;
  from: LanguageCode;
  /** Outputs are this path plus .<to>.wav, .<from>.srt, .<to>.vtt... */
  outPrefix: string;
  /** 1 = real time; a file may be streamed faster (2 = twice as fast). */
  pace: number;
  /** --glossary FILE.csv: its "say:<to>" respellings are what the voice reads. */
  glossary: string | undefined;
}

export const LIVE_USAGE = `Usage: npm run live -- --to <lang> [--from eng] [--out PREFIX] [--pace N] [--glossary FILE.csv] <input | ->

Streams a file at the pace it is spoken (or 16 kHz mono s16le PCM from standard input, for
example: ffmpeg -i SOURCE -ac 1 -ar 16000 -f s16le - | npm run live -- --to spa -), prints each
line as it is closed with its translation, and at the end writes the dubbed speech
(PREFIX.<to>.wav) and subtitles in both languages (PREFIX.<lang>.srt and .vtt).

--from: the language spoken (default eng; it needs a live recogniser).
--out PREFIX: where to write (default: beside the input, <name>.live).
--pace N: stream a file N times faster than spoken (default 1).
--glossary FILE.csv: how words are said (its say:<lang> columns, as in npm run dub): the voice
        reads the respellings, the captions keep the words.`;

export function parseLiveArgs(argv: readonly string[], now = new Date()): LiveArgs {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      from: { type: 'string', default: 'eng' },
      out: { type: 'string' },
      pace: { type: 'string', default: '1' },
      glossary: { type: 'string' },
    },
  });
  const [input, ...extra] = positionals;
  if (!input) throw new BadInput(`Give a file to stream, or - for standard input.\n\n${LIVE_USAGE}`);
  if (extra.length > 0) throw new BadInput(`One input only; got also ${extra.join(', ')}.`);
  const to = language(values.to, '--to');
  const from = language(values.from, '--from');
  const pace = Number(values.pace);
  if (!Number.isFinite(pace) || pace < 1 || pace > 20) throw new BadInput('--pace must be a number from 1 to 20.');
  if (input === '-' && pace !== 1) throw new BadInput('--pace is for files: standard input is taken as it comes.');
  const outPrefix =
    values.out ??
    (input === '-'
      ? `live-${now.toISOString().replace(/[:.]/g, '-')}`
      : join(dirname(input), `${basename(input, extname(input))}.live`));
  return { input, to, from, outPrefix, pace, glossary: values.glossary };
}

function language(value: string | undefined, flag: string): LanguageCode {
  if (value === undefined) throw new BadInput(`Please select a target language (${flag}).\n\n${LIVE_USAGE}`);
  if (!isLanguageCode(value)) {
    throw new BadInput(`Unknown ${flag} "${value}". Valid codes: ${LANGUAGE_CODES.join(', ')}.`);
  }
  return value;
}
