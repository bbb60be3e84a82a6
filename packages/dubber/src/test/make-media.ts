import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { concatSamples } from '@voxlate/core';
import { EspeakSynthesiser } from '@voxlate/engines';
import { argv } from '@voxlate/media';

export const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';

type ArgValue = string | number | readonly string[];

/** Runs ffmpeg quietly with arguments written as a template (see `argv`); throws on failure. */
export function ffmpeg(strings: TemplateStringsArray, ...values: ArgValue[]): void {
  execFileSync('ffmpeg', ['-v', 'error', '-y', ...argv(strings, ...values)]);
}

/**
 * English speech made at test time: eSpeak NG sentences separated by pauses, over a quiet
 * tone standing in for background music, written by ffmpeg as 44.1 kHz stereo WAV.
 */
export async function makeSpeechWav(
  dir: string,
  sentences: readonly string[],
  name = 'speech.wav',
  speaker: { rate?: number; pauseSeconds?: number } = {},
): Promise<string> {
  const synthesiser = await EspeakSynthesiser.create();
  const rate = 22050;
  const pause = new Float32Array(Math.round(rate * (speaker.pauseSeconds ?? 1.2)));
  const voice = speaker.rate === undefined ? undefined : { rate: speaker.rate };
  const parts: Float32Array[] = [new Float32Array(rate * 0.8)];
  for (const sentence of sentences) {
    parts.push((await synthesiser.synthesise(sentence, 'eng', {}, voice)).audio.samples, pause);
  }
  const path = join(dir, name);
  const mixWithTone = '[0]aresample=44100[s];[1]volume=0.03[m];[s][m]amix=inputs=2:duration=first:normalize=0[a]';
  const result = spawnSync(
    'ffmpeg',
    argv`-v error -y -f f32le -ar ${rate} -ac 1 -i pipe:0 -f lavfi -i sine=frequency=110:sample_rate=44100
      -filter_complex ${mixWithTone} -map [a] -ac 2 -ar 44100 ${path}`,
    { input: Buffer.from(concatSamples(parts).buffer) },
  );
  if (result.status !== 0) throw new Error(`ffmpeg failed: ${result.stderr.toString()}`);
  return path;
}

/** A 320x240 H.264 + AAC MP4 with the given audio. */
export function makeVideo(dir: string, audioPath: string, name = 'talk.mp4'): string {
  const path = join(dir, name);
  ffmpeg`-f lavfi -i testsrc2=size=320x240:rate=25 -i ${audioPath} -shortest
    -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac ${path}`;
  return path;
}

/** Real game music from Debian's chromium-bsu-data: a 6.5 s loop, 22 kHz mono. */
export const GAME_MUSIC = '/usr/share/games/chromium-bsu/wav/music_game.wav';

/**
 * Speech over real music, as 44.1 kHz stereo WAV: the music looped under the whole speech at
 * `musicDb`, written alone too (the known background a separator should give back).
 */
export function makeSpeechOverMusic(
  dir: string,
  speech: string,
  options: { name?: string; musicDb?: number } = {},
): { mix: string; background: string } {
  const mix = join(dir, options.name ?? 'speech-over-music.wav');
  const background = mix.replace(/\.wav$/, '.background.wav');
  const seconds = durationOf(speech);
  const music = `aloop=loop=-1:size=2e9,atrim=0:${seconds},volume=${options.musicDb ?? -12}dB,aresample=44100,aformat=channel_layouts=stereo`;
  ffmpeg`-i ${GAME_MUSIC} -filter_complex ${`[0]${music}[m]`} -map [m] -c:a pcm_f32le ${background}`;
  ffmpeg`-i ${speech} -i ${background} -filter_complex ${'[0]aresample=44100,aformat=channel_layouts=stereo[s];[s][1]amix=inputs=2:duration=first:normalize=0[a]'}
    -map [a] -c:a pcm_f32le ${mix}`;
  return { mix, background };
}

/**
 * Two real speakers taking turns, two lines each: a man (the librivox reader, F0 about 100 Hz)
 * and a woman (codec2's hts2, about 170 Hz).
 */
export function makeTwoSpeakerWav(dir: string, name = 'two-speakers.wav'): string {
  const path = join(dir, name);
  const reader = `${LIBRIVOX}/sense_and_sensibility_01_austen_64kb-0870.wav`;
  const woman = '/usr/share/codec2/raw/hts2.raw';
  const turns =
    '[0]aresample=16000,atrim=0:4,apad=pad_dur=0.7[a];[1]aresample=16000,atrim=0:3,apad=pad_dur=0.7[b];' +
    '[0]aresample=16000,atrim=4:7.1,apad=pad_dur=0.7[c];[1]aresample=16000,atrim=3:6[d];[a][b][c][d]concat=n=4:v=0:a=1';
  ffmpeg`-i ${reader} -f s16le -ar 8000 -ac 1 -i ${woman} -filter_complex ${turns} -ac 1 ${path}`;
  return path;
}

/** Two librivox clips (real recordings, with transcripts) joined into one WAV. */
export function makeLibrivoxWav(dir: string): string {
  const path = join(dir, 'librivox.wav');
  const clip = (id: string): string => `${LIBRIVOX}/sense_and_sensibility_01_austen_64kb-${id}.wav`;
  ffmpeg`-i ${clip('0870')} -i ${clip('0880')} -filter_complex [0][1]concat=n=2:v=0:a=1 ${path}`;
  return path;
}

function ffmpegOutput(args: string[]): string {
  const result = spawnSync('ffmpeg', ['-hide_banner', '-nostats', ...args], { encoding: 'utf8' });
  return `${result.stdout}${result.stderr}`;
}

/** Integrated loudness and true peak as ffmpeg's ebur128 filter measures them. */
export function measureLoudness(path: string): { lufs: number; truePeak: number } {
  const output = ffmpegOutput(argv`-i ${path} -af ebur128=peak=true -f null -`);
  const summary = output.slice(output.lastIndexOf('Summary:'));
  return {
    lufs: Number(/I:\s+(-?[\d.]+) LUFS/.exec(summary)?.[1]),
    truePeak: Number(/Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary.slice(summary.indexOf('True peak')))?.[1]),
  };
}

/** An MD5 of the first video stream's packets: equal only when the stream was copied as is. */
export function videoStreamHash(path: string): string {
  return ffmpegOutput(argv`-v error -i ${path} -map 0:v:0 -c copy -f md5 -`).trim();
}

/** A file's audio, mono, as float samples at `rate` (48 kHz unless said), for comparing renders. */
export function decodedSamples(path: string, rate = 48000): Float32Array {
  const raw = execFileSync('ffmpeg', argv`-v error -i ${path} -f f32le -ac 1 -ar ${rate} pipe:1`, {
    maxBuffer: 1 << 28,
  });
  return new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
}

/** The largest sample difference of two renders inside the samples `changed` picks, and outside them. */
export function largestDifferences(
  before: Float32Array,
  after: Float32Array,
  changed: (sample: number) => boolean,
): { inside: number; outside: number } {
  let inside = 0;
  let outside = 0;
  for (let i = 0; i < Math.min(before.length, after.length); i++) {
    const difference = Math.abs(before[i]! - after[i]!);
    if (changed(i)) inside = Math.max(inside, difference);
    else outside = Math.max(outside, difference);
  }
  return { inside, outside };
}

/** The subtitle tracks of a file: codec, language tag and whether players show them by default. */
export function subtitleTracks(path: string): { codec: string; language: string; default: number }[] {
  const probed = JSON.parse(
    execFileSync('ffprobe', argv`-v error -select_streams s -show_streams -of json ${path}`).toString(),
  ) as { streams: { codec_name: string; tags?: { language?: string }; disposition: { default: number } }[] };
  return probed.streams.map((stream) => ({
    codec: stream.codec_name,
    language: stream.tags?.language ?? '',
    default: stream.disposition.default,
  }));
}

/** The language tag of each audio stream ('' when untagged; ffprobe shows "und" for the MP4 default). */
export function audioLanguages(path: string): string[] {
  const probed = JSON.parse(
    execFileSync('ffprobe', argv`-v error -select_streams a -show_streams -of json ${path}`).toString(),
  ) as { streams: { tags?: { language?: string } }[] };
  return probed.streams.map((stream) => stream.tags?.language ?? '');
}

export function durationOf(path: string): number {
  return Number(execFileSync('ffprobe', argv`-v error -show_entries format=duration -of csv=p=0 ${path}`).toString());
}

/**
 * A Matroska file whose header lies about its length: `mediaPath` looped for `realSeconds` as
 * Opus (at `bitrate`, 24k by default), with the segment's Duration element rewritten to
 * `claimedSeconds`. ffprobe believes the header; only decoding shows how much audio there is.
 */
export function makeDurationLie(
  dir: string,
  mediaPath: string,
  realSeconds: number,
  claimedSeconds: number,
  bitrate = '24k',
): string {
  const path = join(dir, `lie-${realSeconds}s-as-${claimedSeconds}s-${basename(mediaPath)}.mkv`);
  ffmpeg`-stream_loop -1 -i ${mediaPath} -t ${realSeconds} -c:v copy -c:a libopus -b:a ${bitrate} ${path}`;
  const bytes = readFileSync(path);
  // EBML Duration (0x4489), 8-byte float, milliseconds at the default timestamp scale.
  const at = bytes.indexOf(Buffer.from([0x44, 0x89, 0x88]));
  if (at < 0) throw new Error('no Duration element written');
  bytes.writeDoubleBE(claimedSeconds * 1000, at + 3);
  writeFileSync(path, bytes);
  return path;
}
