import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BadInput,
  Cancelled,
  DEFAULT_DUB_OPTIONS,
  MediaUnreadable,
  NoAudioStream,
  NoSpeech,
  TooLong,
  UnsupportedLanguage,
  type DubRequest,
  type PipelineEvent,
} from '@voxlate/core';
import { defaultRegistries } from '@voxlate/engines';
import { argv } from '@voxlate/media';
import { ModelManager } from '@voxlate/models';
import { Dubber } from './dubber.js';
import { digestOf } from './provenance/file-digest.js';
import { checkManifest } from './provenance/sign-manifest.js';
import { loadOrCreateSigningKey } from './provenance/signing-key.js';
import {
  durationOf,
  ffmpeg,
  makeLibrivoxWav,
  makeSpeechWav,
  makeDurationLie,
  makeVideo,
  measureLoudness,
  subtitleTracks,
  audioLanguages,
  videoStreamHash,
} from './test/make-media.js';

const dir = mkdtempSync(join(tmpdir(), 'voxlate-dub-test-'));
const jobRoot = mkdtempSync(join(tmpdir(), 'voxlate-jobs-'));
const noModelsRoot = mkdtempSync(join(tmpdir(), 'voxlate-no-models-'));
// No models installed: the offline engines only, whatever the machine's models folder holds.
const noModels = new ModelManager({
  root: noModelsRoot,
  hubBase: 'http://127.0.0.1:9',
  offline: true,
});
const dubber = new Dubber(
  { tempRoot: jobRoot, options: DEFAULT_DUB_OPTIONS, dataDir: join(dir, 'data') },
  defaultRegistries(noModels),
);
let speechWav = '';
let talkMp4 = '';

beforeAll(async () => {
  speechWav = await makeSpeechWav(dir, ['Welcome back to the channel.', 'Today we are going to cook a simple dinner.']);
  talkMp4 = makeVideo(dir, speechWav);
});
afterAll(async () => {
  await dubber.close();
  for (const folder of [dir, jobRoot, noModelsRoot]) rmSync(folder, { recursive: true, force: true });
});

const request = (overrides: Partial<DubRequest>): DubRequest => ({
  input: talkMp4,
  output: join(dir, `out-${Math.random().toString(36).slice(2)}.mp4`),
  sourceLanguage: 'eng',
  targetLanguage: 'spa',
  ...overrides,
});

/** No job folder may survive a job, however it ended. */
function expectNoJobFolders(): void {
  expect(readdirSync(jobRoot)).toEqual([]);
}

describe('dubbing real recordings', () => {
  it('dubs real English speech (librivox) into Spanish audio at the original moments', async () => {
    const input = makeLibrivoxWav(dir);
    const events: PipelineEvent[] = [];
    const run = await dubber.dub(request({ input, output: join(dir, 'librivox.spa.wav') }), {
      onEvent: (event) => events.push(event),
    });
    expect(run.container).toBe('wav');
    expect(Math.abs(durationOf(run.output) - durationOf(input))).toBeLessThan(0.05);
    const segments = run.timeline.segments;
    expect(segments.length).toBeGreaterThanOrEqual(1);
    expect(segments.map((s) => s.sourceText).join(' ')).toMatch(/john|man|consider|power/);
    for (const segment of segments) {
      expect(segment.engines).toMatchObject({ asr: 'pocketsphinx', mt: 'apertium', tts: 'svox-pico' });
      expect(segment.mtRoute).toBe('eng→spa');
      expect(segment.quality).toBe('full');
      expect(segment.targetText).not.toBe(segment.sourceText);
      expect(segment.words.length).toBeGreaterThan(0);
      expect(segment.phonemes?.length).toBeGreaterThan(0);
      expect(segment.fit!.tempo).toBeLessThanOrEqual(1.3);
    }
    const loudness = measureLoudness(run.output);
    expect(loudness.lufs).toBeGreaterThan(-17);
    expect(loudness.lufs).toBeLessThan(-15);
    expect(loudness.truePeak).toBeLessThanOrEqual(-1);
    const progress = events.flatMap((event) => (event.type === 'progress' ? [event.overall] : []));
    expect(progress.every((value, i) => i === 0 || value >= progress[i - 1]!)).toBe(true);
    expect(progress.at(-1)).toBe(100);
    expectNoJobFolders();
  });

  it('dubs a video into French: video stream copied untouched, same duration, AAC audio, a subtitle track', async () => {
    const output = join(dir, 'talk.fra.mp4');
    const run = await dubber.dub(request({ output, targetLanguage: 'fra' }));
    expect(run.container).toBe('mp4');
    expect(videoStreamHash(output)).toBe(videoStreamHash(talkMp4));
    expect(Math.abs(durationOf(output) - durationOf(talkMp4))).toBeLessThanOrEqual(1 / 25);
    const codecs = execFileSync('ffprobe', argv`-v error -show_entries stream=codec_name -of csv=p=0 ${output}`);
    expect(codecs.toString().split('\n').filter(Boolean).sort()).toEqual(['aac', 'h264', 'mov_text']);
    // The French subtitles ride along as a track, on by default where the player follows the mark.
    expect(subtitleTracks(output).map((track) => [track.codec, track.language, track.default])).toEqual([
      ['mov_text', 'fra', 1],
    ]);
    // The dubbed audio track says it is French (players list it by name, not "und").
    expect(audioLanguages(output)).toEqual(['fra']);
    const cues = execFileSync('ffmpeg', argv`-v error -i ${output} -map 0:s:0 -f srt -`).toString();
    expect(cues).toContain(run.timeline.segments[0]!.targetText.split(' ')[0]);
    expect(run.timeline.segments[0]!.mtRoute).toBe('eng→cat→fra');
    expect(formatTags(output)['comment']).toMatch(/^Synthetic speech: dubbed by Voxlate .* \(eng -> fra\)/);
    expect(run.timeline.segments[0]!.start).toBeGreaterThan(0.5);
    const spoken = run.timeline.segments.filter((s) => s.fit);
    for (let i = 1; i < spoken.length; i++) {
      const previous = spoken[i - 1]!;
      const previousEnd = previous.start + previous.fit!.shift + previous.dubbed!.duration;
      expect(spoken[i]!.start + spoken[i]!.fit!.shift).toBeGreaterThanOrEqual(previousEnd);
    }
    expectNoJobFolders();
  });

  it('uses subtitles in another language as the source instead of recognition', async () => {
    const transcript =
      "1\n00:00:00,800 --> 00:00:02,500\nBienvenue sur la chaîne.\n\n2\n00:00:03,500 --> 00:00:06,000\nAujourd'hui nous préparons un dîner simple.\n\n3\n00:10:00,000 --> 00:10:02,000\nHors du média.\n";
    const events: PipelineEvent[] = [];
    const run = await dubber.dub(
      request({
        input: speechWav,
        output: join(dir, 'fra-source.eng.wav'),
        sourceLanguage: 'fra',
        targetLanguage: 'eng',
        transcript,
      }),
      { onEvent: (event) => events.push(event) },
    );
    expect(run.timeline.segments.map((s) => s.sourceText)).toEqual([
      'Bienvenue sur la chaîne.',
      "Aujourd'hui nous préparons un dîner simple.",
    ]);
    expect(run.timeline.segments[0]!.targetText.toLowerCase()).toContain('welcome');
    expect(run.timeline.segments[0]!.engines.asr).toBeUndefined();
    expect(events.some((event) => event.type === 'stage-skipped' && event.stage === 'recognise')).toBe(true);
  });

  it.each(['cmn', 'yue', 'jpn', 'kor', 'deu', 'ita', 'rus', 'ell'] as const)(
    'dubs into %s, labelling dictionary translations as gist',
    async (targetLanguage) => {
      const transcript = '1\n00:00:00,800 --> 00:00:02,500\nThe weather is nice today.\n';
      const run = await dubber.dub(
        request({ input: speechWav, output: join(dir, `any.${targetLanguage}.wav`), targetLanguage, transcript }),
      );
      const [segment] = run.timeline.segments;
      expect(segment!.targetText).not.toBe('');
      expect(segment!.targetText).not.toBe('The weather is nice today.');
      expect(segment!.quality).toBe(targetLanguage === 'ita' ? 'full' : 'gist');
      expect(segment!.dubbed!.duration).toBeGreaterThan(0.3);
      if (segment!.quality === 'gist') expect(run.timeline.warnings.join(' ')).toMatch(/gist/);
      expect(existsSync(run.output)).toBe(true);
    },
  );
});

describe('source language auto', () => {
  it('assumes English and says so when no detector (Whisper) is installed', async () => {
    const events: PipelineEvent[] = [];
    const run = await dubber.dub(
      request({ sourceLanguage: 'auto', input: speechWav, output: join(dir, 'auto.spa.wav') }),
      {
        onEvent: (event) => events.push(event),
      },
    );
    expect(run.timeline.sourceLanguage).toBe('eng');
    expect(run.timeline.warnings.join(' ')).toMatch(/not detected because no Whisper model is installed/);
    expect(events.some((event) => event.type === 'language-detected')).toBe(false);
    expect(run.timeline.segments[0]!.engines.asr).toBe('pocketsphinx');
  });
});

describe('named errors, with nothing left behind', () => {
  it('a video with no audio stream', async () => {
    const silentVideo = join(dir, 'no-audio.mp4');
    ffmpeg`-f lavfi -i testsrc2=size=160x120:rate=10 -t 2 ${silentVideo}`;
    await expect(dubber.dub(request({ input: silentVideo }))).rejects.toBeInstanceOf(NoAudioStream);
    expectNoJobFolders();
  });

  it('an unreadable file', async () => {
    const garbage = join(dir, 'garbage.mp4');
    writeFileSync(garbage, Buffer.alloc(10_000, 7));
    await expect(dubber.dub(request({ input: garbage }))).rejects.toBeInstanceOf(MediaUnreadable);
    expectNoJobFolders();
  });

  it('media longer than the maximum', async () => {
    const options = { ...DEFAULT_DUB_OPTIONS, maxDurationSeconds: 2 };
    await expect(dubber.dub(request({ options }))).rejects.toThrow(TooLong);
    await expect(dubber.dub(request({ options }))).rejects.toThrow(
      /over the maximum of 0\.0? ?minutes|over the maximum/,
    );
    expectNoJobFolders();
  });

  it('audio that runs past the maximum although its header declares less', async () => {
    const lie = makeDurationLie(dir, speechWav, 40, 3);
    expect(durationOf(lie)).toBeCloseTo(3, 0);
    const options = { ...DEFAULT_DUB_OPTIONS, maxDurationSeconds: 12 };
    await expect(dubber.dub(request({ input: lie, output: join(dir, 'lie.wav'), options }))).rejects.toThrow(
      /runs past the maximum of 0\.2 minutes, although the file says it lasts 3 s/,
    );
    expectNoJobFolders();
  });

  it('AAC of exactly the maximum length is accepted (its padding counts a little over)', async () => {
    const exact = join(dir, 'exactly-12s.m4a');
    ffmpeg`-stream_loop -1 -i ${speechWav} -t 12 -c:a aac ${exact}`;
    const options = { ...DEFAULT_DUB_OPTIONS, maxDurationSeconds: 12 };
    const run = await dubber.dub(request({ input: exact, output: join(dir, 'exact.wav'), options }));
    expect(run.timeline.duration).toBeGreaterThan(11.9);
  });

  it('audio longer than its header says, under the maximum: all of it is dubbed', async () => {
    const lie = makeDurationLie(dir, speechWav, 12, 3);
    const run = await dubber.dub(request({ input: lie, output: join(dir, 'lie-ok.wav') }));
    expect(run.timeline.duration).toBeGreaterThan(11.5);
    expect(durationOf(run.output)).toBeGreaterThan(11.5);
    expect(run.timeline.segments.at(-1)!.start).toBeGreaterThan(5);
  });

  it('a job that runs past its time limit stops with TimedOut and leaves nothing', async () => {
    const options = { ...DEFAULT_DUB_OPTIONS, timeLimit: { baseSeconds: 0.3, perMediaSecond: 0 } };
    const output = join(dir, 'late.mp4');
    await expect(dubber.dub(request({ output, options }))).rejects.toThrow(
      /^The job took longer than the 0.3 s allowed for \d+(\.\d)? s of media and was stopped\. Please try again later\.$/,
    );
    expect(existsSync(output)).toBe(false);
    expectNoJobFolders();
  });

  it('audio with no speech', async () => {
    const quiet = join(dir, 'quiet.wav');
    ffmpeg`-f lavfi -i anoisesrc=amplitude=0.001:duration=3 ${quiet}`;
    await expect(dubber.dub(request({ input: quiet, output: join(dir, 'quiet.out.wav') }))).rejects.toBeInstanceOf(
      NoSpeech,
    );
    expectNoJobFolders();
  });

  it('a source language with no recogniser names what is installed', async () => {
    const attempt = dubber.dub(request({ sourceLanguage: 'deu' }));
    await expect(attempt).rejects.toBeInstanceOf(UnsupportedLanguage);
    await expect(dubber.dub(request({ sourceLanguage: 'deu' }))).rejects.toThrow(/pocketsphinx \(English\)/);
    expectNoJobFolders();
  });

  it('the same source and target language', async () => {
    await expect(dubber.dub(request({ targetLanguage: 'eng' }))).rejects.toBeInstanceOf(BadInput);
  });

  it('a source language to detect from subtitles', async () => {
    const attempt = dubber.dub(
      request({ sourceLanguage: 'auto', transcript: '1\n00:00:01,000 --> 00:00:02,000\nHi\n' }),
    );
    await expect(attempt).rejects.toThrow(/Name the source language/);
    expectNoJobFolders();
  });

  it('an abort stops the work promptly, removes temp files and writes no output', async () => {
    const controller = new AbortController();
    const output = join(dir, 'aborted.mp4');
    const attempt = dubber.dub(request({ output }), {
      signal: controller.signal,
      onEvent: (event) => {
        if (event.type === 'stage-started' && event.stage === 'recognise') controller.abort();
      },
    });
    await expect(attempt).rejects.toBeInstanceOf(Cancelled);
    expect(existsSync(output)).toBe(false);
    expectNoJobFolders();
  });
});

describe('provenance', () => {
  it('tags the output as synthetic and signs a manifest that verifies, and fails once anything changes', async () => {
    const output = join(dir, 'signed.spa.wav');
    const run = await dubber.dub(request({ input: speechWav, output }));
    const tags = formatTags(output);
    expect(tags['comment']).toMatch(
      /^Synthetic speech: dubbed by Voxlate \d+\.\d+\.\d+ \(eng -> spa\)\. Engines: asr pocketsphinx, mt apertium, tts svox-pico/,
    );
    expect(readFileSync(output).includes(Buffer.from('bext'))).toBe(true);
    const manifest = run.provenance;
    expect(manifest).toMatchObject({ format: 'voxlate-provenance/1', synthetic: true, output: { container: 'wav' } });
    expect(manifest.request).toMatchObject({ sourceLanguage: 'eng', targetLanguage: 'spa' });
    expect(manifest.engines).toMatchObject({ asr: ['pocketsphinx'], mt: ['apertium'], tts: ['svox-pico'] });
    expect(manifest.input).toEqual(await digestOf(speechWav));
    const trusted = [dubber.publicKey()];
    expect(checkManifest(manifest, await digestOf(output), trusted)).toMatchObject({
      signatureValid: true,
      fileMatches: true,
      keyTrusted: true,
    });
    // A changed file, a changed manifest, another installation's key: each is caught.
    const altered = join(dir, 'altered.wav');
    const bytes = readFileSync(output);
    bytes[bytes.length - 1] = (bytes[bytes.length - 1]! + 1) % 256;
    writeFileSync(altered, bytes);
    expect(checkManifest(manifest, await digestOf(altered), trusted).fileMatches).toBe(false);
    const forged = { ...manifest, request: { ...manifest.request, targetLanguage: 'fra' as const } };
    expect(checkManifest(forged, await digestOf(output), trusted).signatureValid).toBe(false);
    const other = loadOrCreateSigningKey(join(dir, 'another-installation'));
    expect(checkManifest(manifest, await digestOf(output), [other.publicKey]).keyTrusted).toBe(false);
  });

  it('creates the signing key once, readable by its owner only, and keeps it', () => {
    const folder = join(dir, 'data-once');
    const first = loadOrCreateSigningKey(folder);
    const again = loadOrCreateSigningKey(folder);
    expect(again.publicKey).toBe(first.publicKey);
    expect(statSync(join(folder, 'provenance-ed25519.pem')).mode & 0o777).toBe(0o600);
  });
});

function formatTags(path: string): Record<string, string> {
  const output = execFileSync('ffprobe', argv`-v error -show_entries format_tags -of json ${path}`).toString();
  return (JSON.parse(output) as { format: { tags: Record<string, string> } }).format.tags;
}
