import { parseArgs } from 'node:util';
import { extname } from 'node:path';
import {
  BadInput,
  EVERY_SPEAKER,
  LANGUAGE_CODES,
  isLanguageCode,
  type EngineIds,
  type LanguageCode,
  type SourceLanguage,
  type DubChoices,
  type VoiceMode,
  VOICE_MODES,
  MAX_SPEAKERS,
  speakerCount,
} from '@voxlate/core';

export interface CliArgs {
  input: string;
  /** The first language to dub into (--to). */
  to: LanguageCode;
  /** Every language --to names (spa,fra,ita): the media is heard once and dubbed into each. */
  targets: LanguageCode[];
  from: SourceLanguage;
  transcript: string | undefined;
  /** --glossary FILE: a CSV glossary (see parseGlossaryCsv) every line is translated with. */
  glossary: string | undefined;
  /** --speaker-voice S1=NAME (repeated): saved voices from the library, by speaker id. */
  speakerVoices: Record<string, string>;
  /** --youtube-package (with --title, --description, --default-track): one ZIP to publish the languages. */
  youtubePackage?: { title?: string; description?: string; defaultLanguage?: LanguageCode };
  out: string | undefined;
  subtitles: boolean;
  /** --stems: the dub alone, each speaker alone, the background alone and a multi-track file, beside the output. */
  stems: boolean;
  report: string | undefined;
  /** False with --lip-sync: move each speaker's mouth to the dubbed words (video input; the picture is
        re-encoded with H.264; lines without a clear, frontal face keep their picture).

--duck: keep the original ducked under the dub even when a separator is installed. */
  separate: boolean;
  /**
   * What the creator chose: --voice clone (default) | shaped | neutral and --speakers N (the voice);
   * --tempo-cap N (the highest speed-up of a line, 1-3); --lip-sync (move the speakers' mouths to the dubbed words, video only); --burn-subtitles
   * (render the target subtitles into the picture, video only); --bilingual-subtitles (the track and
   * the burned-in text in both languages, the source under the target).
   */
  choices: DubChoices;
  engines: EngineIds;
}

export const USAGE = `Usage: npm run dub -- <input> --to <lang>[,<lang>...] [--from <lang>|auto] [--transcript FILE]
                      [--glossary FILE.csv] [--speaker-voice S1=NAME ...]
                      [--youtube-package [--title TEXT] [--description TEXT] [--default-track LANG]]
                      [--out FILE] [--subtitles] [--stems] [--report FILE] [--tempo-cap N]
                      [--start S] [--end S]
                      [--asr ID] [--mt ID] [--tts ID] [--separator ID | --duck] [--remove-original]
                      [--voice clone|shaped|neutral] [--clone ID] [--speakers N] [--diariser ID]
                      [--lip-sync]
                      [--burn-subtitles] [--bilingual-subtitles]

--voice clone (default): each speaker's own voice, cloned from their speech by a voice-cloning
        engine (npm run models -- add voice: Pocket TTS for English, Chatterbox for nine more), shaped where none covers
        the language; shaped: a synthetic voice with each speaker's pitch, range and timbre; both
        carry each line's intonation, loudness, rate and pauses. neutral: a plain voice per speaker.
        Clone only voices you have the right to use.
--clone ID: the voice-cloning engine (pocket-tts, chatterbox-multilingual) instead of the best installed.
--speakers N: how many people speak (1-${MAX_SPEAKERS}); found from the audio when not given.
--diariser ID: who-speaks-when engine: bic-clustering (offline) or pyannote (neural, used when
        installed: npm run models -- add pyannote-segmentation-3-0 3dspeaker-campplus-voxceleb).

--to spa,fra,ita: several languages at once: the media is heard once (speech, speakers,
        recognition) and dubbed into each, named after the input (talk.spa.mp4, talk.fra.mp4).
--glossary FILE.csv: terms translated one way every time, and names kept: a header naming the
        source language first, an optional keep column, a column per target (eng,keep,spa,fra);
        a line whose term could not be placed is flagged for review.
--speaker-voice S1=NAME: speak speaker S1 in a voice saved in the library (the studio's Save voice,
        or POST /api/voice-library): the same base voice, pitch, range and timbre as in every dub
        that uses it. Repeat for more speakers; all=NAME gives it to every speaker not named on their
        own. The library is in the data folder ($VOXLATE_DATA_DIR).
--youtube-package: also write one ZIP beside the dubs to publish them on YouTube: an MP4 with
        the picture once and an audio track per language (tagged; --default-track LANG plays first,
        the original by default), each language's audio alone at the video's length, subtitles
        per language, and --title / --description translated into each language.
--stems: also write the dub alone, each speaker alone, the background alone (when the voice was
        separated out) as WAV, and a Matroska file with the original, the dub and the background as
        language-tagged tracks, beside the output (talk.spa.dub.wav, talk.spa.multitrack.mkv).
--start S, --end S: dub only that part (seconds); the rest keeps its original audio, and the
        dubbed lines are set to the level of the speech they replace.
--burn-subtitles: render the target subtitles into the picture (white with a black outline,
        bottom centre); a video dub always carries them as a track the viewer can turn on.
--bilingual-subtitles: the track (and the burned-in text) in both languages, each cue the
        target line over the source line; with --subtitles, also <stem>.<target>-<source>.srt/.vtt.
--duck: keep the original under the dub at -24 dB instead of separating its voice out
        (separation runs when a separator model is installed: npm run models -- add mdx-kim-vocal-2).
        Without a separator the original is ducked across each dubbed line and its source speech.
--remove-original: where the voice is not separated out, silence the original across each dubbed
        line and its source speech instead of ducking it (no word of it is heard; its background goes too).

Languages: ${LANGUAGE_CODES.join(', ')}`;

/** Parses the command line; throws BadInput with the usage on a mistake. */
export function parseCliArgs(argv: readonly string[]): CliArgs {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      to: { type: 'string' },
      from: { type: 'string', default: 'eng' },
      transcript: { type: 'string' },
      glossary: { type: 'string' },
      'speaker-voice': { type: 'string', multiple: true },
      'youtube-package': { type: 'boolean', default: false },
      title: { type: 'string' },
      description: { type: 'string' },
      'default-track': { type: 'string' },
      out: { type: 'string' },
      subtitles: { type: 'boolean', default: false },
      stems: { type: 'boolean', default: false },
      report: { type: 'string' },
      'tempo-cap': { type: 'string' },
      start: { type: 'string' },
      end: { type: 'string' },
      asr: { type: 'string' },
      mt: { type: 'string' },
      tts: { type: 'string' },
      clone: { type: 'string' },
      separator: { type: 'string' },
      duck: { type: 'boolean', default: false },
      'remove-original': { type: 'boolean', default: false },
      voice: { type: 'string', default: 'clone' },
      speakers: { type: 'string' },
      diariser: { type: 'string' },
      'lip-sync': { type: 'boolean', default: false },
      'burn-subtitles': { type: 'boolean', default: false },
      'bilingual-subtitles': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) throw new BadInput(USAGE);
  const input = positionals[0];
  if (!input || positionals.length > 1) throw new BadInput(`Give exactly one input file.\n\n${USAGE}`);
  const targets = [...new Set((values.to ?? '').split(',').map((code) => code.trim()))].map((code) =>
    language(code === '' ? undefined : code, '--to'),
  );
  if (targets.length > 1 && values.out !== undefined) {
    throw new BadInput(
      `--out names one file: with several languages the files are named after the input (talk.${targets[0]}.mp4, talk.${targets[1]}.mp4).`,
    );
  }
  return {
    input,
    to: targets[0]!,
    targets,
    from: values.from === 'auto' ? 'auto' : language(values.from, '--from'),
    transcript: values.transcript,
    glossary: values.glossary,
    speakerVoices: speakerVoicesOf(values['speaker-voice'] ?? []),
    ...youtubePackageOf(values),
    out: values.out,
    subtitles: values.subtitles ?? false,
    stems: values.stems ?? false,
    report: values.report,
    separate: !(values.duck ?? false),
    choices: {
      voice: {
        mode: voiceMode(values.voice),
        ...(values.speakers === undefined ? {} : { speakers: speakerCount(values.speakers, '--speakers') }),
      },
      timing: {
        ...(values['tempo-cap'] === undefined ? {} : { tempoCap: tempoCap(values['tempo-cap']) }),
        ...partOf(values.start, values.end),
      },
      lipSync: values['lip-sync'] ?? false,
      originalSpeech: values['remove-original'] ? 'remove' : 'duck',
      subtitles: { burnIn: values['burn-subtitles'] ?? false, bilingual: values['bilingual-subtitles'] ?? false },
    },
    engines: {
      ...(values.asr ? { asr: values.asr } : {}),
      ...(values.mt ? { mt: values.mt } : {}),
      ...(values.tts ? { tts: values.tts } : {}),
      ...(values.clone ? { clone: values.clone } : {}),
      ...(values.separator ? { separate: values.separator } : {}),
      ...(values.diariser ? { diarise: values.diariser } : {}),
    },
  };
}

/** talk.mp4 -> talk.spa.mp4; podcast.mp3 -> podcast.spa.wav (the container follows the input's kind). */
export function defaultOutputPath(input: string, target: LanguageCode, hasVideo: boolean): string {
  const stem = input.slice(0, input.length - extname(input).length);
  return `${stem}.${target}.${hasVideo ? 'mp4' : 'wav'}`;
}

function language(value: string | undefined, flag: string): LanguageCode {
  if (value === undefined) throw new BadInput(`${flag} is required.\n\n${USAGE}`);
  if (!isLanguageCode(value)) {
    throw new BadInput(`Unknown language "${value}" for ${flag}. Valid codes: ${LANGUAGE_CODES.join(', ')}.`);
  }
  return value;
}

function tempoCap(value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < 1 || parsed > 3) {
    throw new BadInput(`--tempo-cap must be a number from 1 to 3, got "${value}".`);
  }
  return parsed;
}

/** --start and --end as the part to dub (checked against the media's length once it is read). */
function partOf(start: string | undefined, end: string | undefined): { part?: { start?: number; end?: number } } {
  if (start === undefined && end === undefined) return {};
  return {
    part: {
      ...(start === undefined ? {} : { start: seconds(start, '--start') }),
      ...(end === undefined ? {} : { end: seconds(end, '--end') }),
    },
  };
}

function seconds(value: string, flag: string): number {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed < 0) {
    throw new BadInput(`${flag} must be a number of seconds from 0, such as 12.5, got "${value}".`);
  }
  return parsed;
}

/** --youtube-package and what it takes; those without it are refused rather than ignored. */
function youtubePackageOf(values: {
  'youtube-package'?: boolean;
  title?: string;
  description?: string;
  'default-track'?: string;
}): Pick<CliArgs, 'youtubePackage'> {
  const given = ['title', 'description', 'default-track'].filter(
    (flag) => values[flag as keyof typeof values] !== undefined,
  );
  if (!values['youtube-package']) {
    if (given.length > 0)
      throw new BadInput(`--${given[0]} is for --youtube-package: add it, or leave --${given[0]} out.`);
    return {};
  }
  const { title, description } = values;
  if (title !== undefined && (title.trim() === '' || title.length > 100)) {
    throw new BadInput('--title must be 1 to 100 characters (YouTube takes no more).');
  }
  if (description !== undefined && description.length > 5000) {
    throw new BadInput('--description must be at most 5,000 characters (YouTube takes no more).');
  }
  const track = values['default-track'];
  return {
    youtubePackage: {
      ...(title === undefined ? {} : { title: title.trim() }),
      ...(description === undefined ? {} : { description }),
      ...(track === undefined ? {} : { defaultLanguage: language(track, '--default-track') }),
    },
  };
}

/** --speaker-voice S1=NAME (or all=NAME: every speaker not named on their own), each speaker once. */
function speakerVoicesOf(given: readonly string[]): Record<string, string> {
  const voices: Record<string, string> = {};
  for (const value of given) {
    const match = /^\s*(S[1-9][0-9]?|all|\*)\s*=\s*(\S.*?)\s*$/.exec(value);
    if (!match) {
      throw new BadInput(
        `--speaker-voice must be a speaker id (or "all") and a saved voice, such as S1=Host, got "${value}".`,
      );
    }
    const speaker = match[1] === 'all' ? EVERY_SPEAKER : match[1];
    const name = match[2];
    if (voices[speaker!] !== undefined) throw new BadInput(`--speaker-voice gives ${speaker} two voices.`);
    voices[speaker!] = name!;
  }
  return voices;
}

function voiceMode(value: string | undefined): VoiceMode {
  const mode = VOICE_MODES.find((candidate) => candidate === value);
  if (mode) return mode;
  throw new BadInput(`--voice must be ${VOICE_MODES.map((name) => `"${name}"`).join(', ')}, got "${value ?? ''}".`);
}
