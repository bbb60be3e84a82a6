import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MDX_KIM_VOCAL_2, ModelManager } from '@voxlate/models';
import { writeTinyMdx } from '@voxlate/tiny-models';
import type { SpeakerVoice } from '@voxlate/core';
import { DiskVoiceLibrary } from '@voxlate/workspace';
import type { PublishMetadata } from '@voxlate/contract';
import {
  audioLanguages,
  decodedSamples,
  GAME_MUSIC,
  makeSpeechOverMusic,
  makeSpeechWav,
  makeVideo,
} from '../../../packages/dubber/src/test/make-media.js';

const ROOT = join(import.meta.dirname, '../../..');
const dir = mkdtempSync(join(tmpdir(), 'voxlate-cli-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const LIBRIVOX_CLIP = '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0880.wav';

function verify(args: string[]): { status: number | null; stdout: string } {
  const result = spawnSync('node', ['apps/cli/dist/verify-main.js', ...args], {
    cwd: ROOT,
    env: { ...process.env, VOXLATE_DATA_DIR: join(dir, 'data') },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout };
}

/** Mean absolute luma difference of the bottom quarter of two videos' frames at `seconds`. */
function bottomDifference(a: string, b: string, seconds: number): number {
  const strip = (path: string): Buffer =>
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-ss', String(seconds), '-i', path, '-frames:v', '1'],
      ...['-vf', 'crop=iw:ih/4:0:ih*3/4,format=gray', '-f', 'rawvideo', '-'],
    ]);
  const [first, second] = [strip(a), strip(b)];
  let sum = 0;
  for (let i = 0; i < first.length; i++) sum += Math.abs(first[i]! - second[i]!);
  return sum / first.length;
}

function dub(
  args: string[],
  env: Record<string, string> = {},
): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('node', ['apps/cli/dist/main.js', ...args], {
    cwd: ROOT,
    env: { ...process.env, VOXLATE_DATA_DIR: join(dir, 'data'), ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run dub', () => {
  it('dubs a video to Spanish with subtitles (bilingual too) and a report, and prints a summary', async () => {
    const video = makeVideo(dir, await makeSpeechWav(dir, ['Welcome back to the channel.', 'Let us begin.']));
    const result = dub([
      video,
      '--to',
      'spa',
      '--subtitles',
      '--bilingual-subtitles',
      '--report',
      join(dir, 'report.json'),
    ]);
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/segments: \d+ \(0 gist-quality\)/);
    expect(result.stdout).toMatch(/tempo: /);
    // No recogniser hears Spanish offline: the check says so, and calls no line good.
    expect(result.stdout).toMatch(
      /check: .*timed only, not heard back \(no recogniser for Spanish is installed here\)/,
    );
    expect(result.stdout).not.toMatch(/checks good/);
    const written = [
      'talk.spa.mp4',
      'talk.eng.srt',
      'talk.eng.vtt',
      'talk.spa.srt',
      'talk.spa.vtt',
      'talk.spa-eng.srt',
    ];
    for (const file of written) expect(existsSync(join(dir, file)), file).toBe(true);
    expect(readFileSync(join(dir, 'talk.spa.vtt'), 'utf8')).toMatch(/^WEBVTT\n\n00:00:0/);
    // The file's track is the bilingual one: the Spanish line over the English one.
    const track = spawnSync(
      'ffmpeg',
      ['-v', 'error', '-i', join(dir, 'talk.spa.mp4'), '-map', '0:s:0', '-f', 'srt', '-'],
      {
        encoding: 'utf8',
      },
    ).stdout;
    const bilingual = readFileSync(join(dir, 'talk.spa-eng.srt'), 'utf8');
    expect(bilingual).toMatch(/\n[^\n]+\n(welcome|let)[^\n]*\n/i);
    expect(cueTexts(track)).toEqual(cueTexts(bilingual));
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as {
      segments: {
        start: number;
        end: number;
        sourceText: string;
        targetText: string;
        engines: object;
        quality: string;
        tempo: number;
        overflow: number;
      }[];
    };
    expect(report.segments.length).toBeGreaterThan(0);
    // The signed manifest beside the output verifies, and stops verifying once the file changes.
    const mp4 = join(dir, 'talk.spa.mp4');
    expect(existsSync(`${mp4}.voxlate.json`)).toBe(true);
    const verified = verify([mp4]);
    expect(verified.stdout).toMatch(
      /signature valid: yes[\s\S]*file matches the manifest: yes[\s\S]*signed by a trusted key: yes[\s\S]*\nverified\n/,
    );
    expect(verified.status).toBe(0);
    appendFileSync(mp4, 'x');
    const broken = verify([mp4]);
    expect(broken.stdout).toMatch(/file matches the manifest: NO/);
    expect(broken.status).toBe(1);
    expect(Object.keys(report.segments[0]!)).toEqual(
      expect.arrayContaining(['start', 'end', 'sourceText', 'targetText', 'engines', 'quality', 'tempo', 'overflow']),
    );
  });

  it('burns the subtitles into the picture with --burn-subtitles, only while a cue shows', async () => {
    const video = makeVideo(
      dir,
      await makeSpeechWav(dir, ['Welcome back to the channel.', 'Let us begin.'], 'burn.wav'),
      'burn.mp4',
    );
    const plain = join(dir, 'burn.plain.mp4');
    const burned = join(dir, 'burn.burned.mp4');
    expect(dub([video, '--to', 'spa', '--out', plain, '--subtitles']).status).toBe(0);
    const result = dub([video, '--to', 'spa', '--out', burned, '--burn-subtitles']);
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.status).toBe(0);
    const firstCue = /(\d\d):(\d\d):(\d\d),(\d\d\d) --> (\d\d):(\d\d):(\d\d),(\d\d\d)/.exec(
      readFileSync(join(dir, 'burn.plain.spa.srt'), 'utf8'),
    )!;
    const at = (h: string, m: string, s: string, ms: string): number => +h * 3600 + +m * 60 + +s + +ms / 1000;
    const [start, end] = [
      at(...(firstCue.slice(1, 5) as [string, string, string, string])),
      at(...(firstCue.slice(5, 9) as [string, string, string, string])),
    ];
    // The bottom quarter of the two dubs differs by the text while the cue shows, and barely before it.
    expect(bottomDifference(plain, burned, (start + end) / 2)).toBeGreaterThan(6);
    expect(bottomDifference(plain, burned, Math.max(0, start - 0.3))).toBeLessThan(2);
  });

  it('separates the voice out with an installed separator, or ducks with --duck, and says which', async () => {
    const models = join(dir, 'models');
    const manager = new ModelManager({ root: models, hubBase: 'http://127.0.0.1:9', offline: true });
    await writeTinyMdx(join(manager.folderOf(MDX_KIM_VOCAL_2), 'Kim_Vocal_2.onnx'));
    await manager.adopt('mdx-kim-vocal-2');
    const { mix } = makeSpeechOverMusic(dir, LIBRIVOX_CLIP);
    const srt = join(dir, 'music.srt');
    writeFileSync(srt, '1\n00:00:00,300 --> 00:00:02,800\nShe was the eldest of the three daughters.\n');
    const env = { VOXLATE_MODELS_DIR: models, VOXLATE_OFFLINE: '1' };
    const separated = dub(
      [mix, '--to', 'spa', '--transcript', srt, '--out', join(dir, 'separated.wav'), '--stems'],
      env,
    );
    expect(separated.status).toBe(0);
    expect(separated.stdout).toMatch(/background: voice separated out by mdx-kim-vocal-2, kept at full level/);
    // The stems beside it: the background alone is there (separated), and the multi-track file has three tracks.
    for (const stem of ['dub.wav', 'speaker-S1.wav', 'background.wav', 'multitrack.mka']) {
      expect(separated.stdout).toContain(`wrote ${join(dir, `separated.${stem}`)}`);
    }
    const probe = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', join(dir, 'separated.multitrack.mka')], {
        encoding: 'utf8',
      }),
    ) as { streams: { tags?: { language?: string } }[] };
    expect(probe.streams.map((stream) => stream.tags?.language)).toEqual(['eng', 'spa', 'zxx']);
    const levelDb = (samples: Float32Array): number =>
      10 * Math.log10(samples.reduce((sum, value) => sum + value * value, 0) / samples.length + 1e-20);
    expect(levelDb(decodedSamples(join(dir, 'separated.background.wav')))).toBeGreaterThan(-60);
    // Ducked, and with a glossary: its term in the line as it says.
    const glossary = join(dir, 'glossary.csv');
    writeFileSync(glossary, 'eng,keep,spa\ndaughter,,hija querida\n');
    const ducked = dub(
      [
        ...[mix, '--to', 'spa', '--transcript', srt, '--out', join(dir, 'ducked.wav'), '--duck'],
        ...['--glossary', glossary, '--report', join(dir, 'ducked.json')],
      ],
      env,
    );
    expect(ducked.status).toBe(0);
    expect(ducked.stdout).toMatch(
      /background: original lowered 24 dB under each dubbed line and its source speech \(separation was turned off\)/,
    );
    const report = JSON.parse(readFileSync(join(dir, 'ducked.json'), 'utf8')) as { segments: { targetText: string }[] };
    expect(report.segments[0]!.targetText).toContain('hija querida');
    // Part of the file, separated: the original itself before the part, the separated background under the dub in it.
    const partOut = join(dir, 'separated-part.wav');
    const part = dub([mix, '--to', 'spa', '--transcript', srt, '--out', partOut, '--start', '0.5'], env);
    expect(part.status).toBe(0);
    expect(part.stdout).toMatch(/runs across the edge of the part: only what is inside it is dubbed/);
    const [dubbed, original] = [decodedSamples(partOut), decodedSamples(mix)];
    const residualDb = (from: number, to: number): number => {
      const [a, b] = [dubbed, original].map((samples) => samples.subarray(48000 * from, 48000 * to)) as [
        Float32Array,
        Float32Array,
      ];
      const residual = a.reduce((sum, value, i) => sum + (value - b[i]!) ** 2, 0);
      return 10 * Math.log10(residual / b.reduce((sum, value) => sum + value ** 2, 0) + 1e-20);
    };
    expect(residualDb(0, 0.45)).toBeLessThan(-60);
    expect(residualDb(0.6, 2.9)).toBeGreaterThan(-20);
  });

  it('refuses a file with no speech in it (game music) with a non-zero exit, writing nothing', () => {
    const output = join(dir, 'music.spa.wav');
    const music = dub([GAME_MUSIC, '--to', 'spa', '--out', output]);
    expect(music.status).toBe(1);
    expect(music.stderr).toMatch(/No speech found in this file/);
    expect(existsSync(output)).toBe(false);
  });

  it('dubs into several languages at once, hearing the media once', async () => {
    const speech = await makeSpeechWav(dir, ['Welcome back to the channel.', 'Let us begin.'], 'several.wav');
    const result = dub([speech, '--to', 'spa,ita', '--subtitles']);
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.status).toBe(0);
    for (const file of ['several.spa.wav', 'several.ita.wav', 'several.spa.srt', 'several.ita.srt']) {
      expect(existsSync(join(dir, file)), file).toBe(true);
    }
    expect(result.stdout).toMatch(/2 languages in \d+\.\d s: the media was heard once for all of them\n$/);
    // The progress lines: the listening once, each language's own stages named after it.
    const lines = result.stderr.split('\n');
    expect(lines.filter((line) => line.startsWith('Transcribing'))).toEqual(['Transcribing...']);
    expect(lines.filter((line) => line.startsWith('Translating')).sort()).toEqual([
      'Translating (ita)...',
      'Translating (spa)...',
    ]);
  });

  it('speaks a speaker in a voice from the library with --speaker-voice, and refuses one it does not have', async () => {
    const library = new DiskVoiceLibrary(join(dir, 'data'));
    await library.add({
      name: 'Host',
      profile: { f0MedianHz: 210, f0RangeSemitones: 5 },
      baseVoices: {},
      rights: { statement: 'This is my own voice, for my channel.', at: '2026-11-29T00:00:00.000Z' },
    });
    const report = join(dir, 'saved-voice.json');
    const result = dub([
      LIBRIVOX_CLIP,
      '--to',
      'spa',
      '--voice',
      'shaped',
      '--speaker-voice',
      'S1=host',
      '--report',
      report,
    ]);
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.status).toBe(0);
    const { speakers } = JSON.parse(readFileSync(report, 'utf8')) as { speakers: SpeakerVoice[] };
    expect(speakers[0]).toMatchObject({ savedVoice: { name: 'Host' }, voice: { pitchHz: 210 } });
    const unknown = dub([LIBRIVOX_CLIP, '--to', 'spa', '--speaker-voice', 'S1=Nobody']);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(/--speaker-voice S1: There is no saved voice "Nobody": the library has "Host"/);
  });

  it('writes the YouTube package beside the dub with --youtube-package', async () => {
    const video = makeVideo(dir, await makeSpeechWav(dir, ['Welcome back to the channel.'], 'show.wav'), 'show.mp4');
    const result = dub([
      video,
      '--to',
      'spa',
      '--youtube-package',
      '--title',
      'Welcome back',
      '--default-track',
      'spa',
    ]);
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.status).toBe(0);
    const zip = join(dir, 'show - YouTube package (eng, spa).zip');
    expect(result.stdout).toContain(`wrote ${zip}`);
    const unpacked = join(dir, 'show-package');
    execFileSync('python3', ['-m', 'zipfile', '-e', zip, unpacked]);
    expect(audioLanguages(join(unpacked, 'show.languages.mp4'))).toEqual(['eng', 'spa']);
    const metadata = JSON.parse(readFileSync(join(unpacked, 'metadata.json'), 'utf8')) as PublishMetadata;
    expect(metadata.default_language).toBe('spa');
    expect(metadata.languages[1]!.title).toMatch(/\S/);
    expect(metadata.languages[1]!.title).not.toBe('Welcome back');
    const misplaced = dub([video, '--to', 'spa', '--title', 'Welcome back']);
    expect(misplaced.status).toBe(2);
    expect(misplaced.stderr).toMatch(/--title is for --youtube-package/);
  });

  it('exits with a clear message on bad input', () => {
    const missing = dub(['/nonexistent/file.mp4', '--to', 'spa']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toMatch(/no such file/);
    const noTranscript = dub([LIBRIVOX_CLIP, '--to', 'spa', '--transcript', '/nonexistent.srt']);
    expect(noTranscript.status).toBe(2);
    expect(noTranscript.stderr).toMatch(/Cannot read the transcript/);
    const noGlossary = dub([LIBRIVOX_CLIP, '--to', 'spa', '--glossary', '/nonexistent.csv']);
    expect(noGlossary.status).toBe(2);
    expect(noGlossary.stderr).toMatch(/Cannot read the glossary/);
    const badGlossary = join(dir, 'bad-glossary.csv');
    writeFileSync(badGlossary, 'term,spa\nchannel,canal\n');
    const unreadable = dub([LIBRIVOX_CLIP, '--to', 'spa', '--glossary', badGlossary]);
    expect(unreadable.status).toBe(2);
    expect(unreadable.stderr).toMatch(/first column must be named by its source language/);
    const noFolder = dub([LIBRIVOX_CLIP, '--to', 'spa', '--out', '/nonexistent/folder/out.wav']);
    expect(noFolder.status).toBe(2);
    expect(noFolder.stderr).toMatch(/folder does not exist/);
    const sameLanguage = dub([LIBRIVOX_CLIP, '--to', 'eng']);
    expect(sameLanguage.status).toBe(2);
    expect(sameLanguage.stderr).toMatch(/target language \(--to\) are both English: a dub needs another language/);
    const badLanguage = dub(['x.mp4', '--to', 'klingon']);
    expect(badLanguage.status).toBe(2);
    expect(badLanguage.stderr).toMatch(/Unknown language "klingon"/);
  });
});

/** The texts of an SRT's cues, without their numbers and times. */
function cueTexts(srt: string): string[] {
  return srt
    .replace(/\r/g, '')
    .split(/\n\n+/)
    .map((cue) => cue.split('\n').slice(2).join('\n').trim())
    .filter((text) => text !== '');
}
