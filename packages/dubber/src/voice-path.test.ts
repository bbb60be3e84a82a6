import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DUB_OPTIONS, DEFAULT_MIX, placedSpan, type LanguageCode, type VoiceMode } from '@voxlate/core';
import { defaultRegistries, engineSettingsFromEnv, MbrolaSynthesiser } from '@voxlate/engines';
import { ModelManager } from '@voxlate/models';
import { Dubber } from './dubber.js';
import { makeTwoSpeakerWav } from './test/make-media.js';

/**
 * Preserve Voice through the whole pipeline on real speech: a man (librivox reader, F0 ~100 Hz)
 * and a woman (codec2's hts2, F0 ~170 Hz) taking turns, dubbed into Russian (RHVoice: men's and
 * women's voices) and Spanish (SVOX Pico: one woman's voice for both).
 */
const root = mkdtempSync(join(tmpdir(), 'voxlate-voice-path-'));
const jobs = mkdtempSync(join(tmpdir(), 'voxlate-voice-jobs-'));
// Whatever this machine's creator opted in to, these dubs use the voices every installation has.
const registries = defaultRegistries(new ModelManager(), { ...engineSettingsFromEnv(), optedInVoices: [] });
const dubber = new Dubber({ tempRoot: jobs, options: DEFAULT_DUB_OPTIONS, dataDir: join(root, 'data') }, registries);
const mbrolaInstalled = await MbrolaSynthesiser.isInstalled();
let input = '';

beforeAll(() => {
  input = makeTwoSpeakerWav(root, 'two-speakers.wav');
});
afterAll(async () => {
  await dubber.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(jobs, { recursive: true, force: true });
});

async function dub(voice: VoiceMode, targetLanguage: LanguageCode = 'rus', by: Dubber = dubber) {
  const output = join(root, `dub-${voice}-${targetLanguage}.wav`);
  const run = await by.dub({
    input,
    output,
    sourceLanguage: 'eng',
    targetLanguage,
    // The original muted under the dub, so that the dubbed voices alone are measured.
    choices: { voice: { mode: voice } },
    options: { separation: 'off', mix: { ...DEFAULT_MIX, duckDb: 90 } },
  });
  return { run, output };
}

/** Median F0 of the output where each segment's dubbed line was placed. */
async function dubbedPitch(output: string, spans: { start: number; end: number }[]): Promise<number[]> {
  const bytes = execFileSync('ffmpeg', ['-v', 'error', '-i', output, '-ac', '1', '-ar', '16000', '-f', 'f32le', '-']);
  const samples = new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
  const shaper = await registries.voice.get('psola');
  return spans.map(({ start, end }) => {
    const track = shaper.measure({ samples: samples.subarray(start * 16000, end * 16000), sampleRate: 16000 });
    const voiced = Array.from(track.f0Hz)
      .filter((f0) => f0 > 0)
      .sort((a, b) => a - b);
    return voiced[Math.floor(voiced.length / 2)] ?? 0;
  });
}

describe('Preserve Voice in the pipeline', () => {
  it('finds the two speakers and gives each their own voice at their own pitch', async () => {
    const { run, output } = await dub('shaped');
    const { segments, speakers } = run.timeline;
    expect(speakers?.map((s) => s.speaker)).toEqual(['S1', 'S2']);
    const [man, woman] = speakers!;
    expect(man!.f0MedianHz).toBeLessThan(130);
    expect(woman!.f0MedianHz).toBeGreaterThan(150);
    expect(man!.voice.voice).not.toBe(woman!.voice.voice);
    // A man's voice for him, a woman's for her.
    const russian = await dubber.resolver.synthesiser('rus');
    const sexOf = (id: string | undefined): string | undefined =>
      russian.listVoices?.('rus').find((listed) => listed.id === id)?.gender;
    expect([sexOf(man!.voice.voice), sexOf(woman!.voice.voice)]).toEqual(['male', 'female']);
    expect(segments.every((segment) => segment.engines.tts === 'rhvoice')).toBe(true);
    const bySpeaker = (label: string) => segments.filter((segment) => segment.speaker === label);
    for (const label of ['S1', 'S2']) {
      expect(new Set(bySpeaker(label).map((segment) => segment.voice?.baseVoice)).size).toBe(1);
    }
    expect(segments.every((segment) => segment.voice?.contour && segment.prosody?.f0MedianHz)).toBe(true);
    // Each line keeps its own intonation (higher or lower): the speaker's lines together sit at their pitch.
    const pitch = async (label: string): Promise<number> => {
      const lines = await dubbedPitch(
        output,
        bySpeaker(label).map((segment) => placedSpan(segment)!),
      );
      return lines.sort((a, b) => a - b)[Math.floor(lines.length / 2)]!;
    };
    const [manDub, womanDub] = [await pitch('S1'), await pitch('S2')];
    expect(Math.abs(manDub / man!.f0MedianHz! - 1)).toBeLessThan(0.12);
    expect(Math.abs(womanDub / woman!.f0MedianHz! - 1)).toBeLessThan(0.12);
    expect(womanDub / manDub).toBeGreaterThan(1.4);
    expect(readdirSync(jobs)).toEqual([]);
  });

  it('with Preserve Voice off, still a distinct plain voice per speaker and no shaping', async () => {
    const { run } = await dub('neutral');
    const { segments, speakers, warnings } = run.timeline;
    expect(new Set(speakers?.map((s) => s.voice.voice)).size).toBe(2);
    expect(speakers?.every((s) => s.voice.pitchHz === undefined)).toBe(true);
    expect(segments.every((segment) => segment.voice?.mode === 'neutral' && !segment.voice.contour)).toBe(true);
    expect(warnings.join(' ')).not.toMatch(/not available/);
  });

  it('keeps the two apart on a language with one voice: the same woman’s voice, each at their own pitch', async () => {
    const { run, output } = await dub('neutral', 'spa');
    const [man, woman] = run.timeline.speakers!;
    expect([man!.voice.voice, woman!.voice.voice]).toEqual(['es-ES', 'es-ES']);
    const pitchOf = async (label: string): Promise<number> => {
      const spans = run.timeline.segments.filter((segment) => segment.speaker === label).map((s) => placedSpan(s)!);
      const lines = await dubbedPitch(output, spans);
      return lines.sort((a, b) => a - b)[Math.floor(lines.length / 2)]!;
    };
    expect((await pitchOf('S2')) / (await pitchOf('S1'))).toBeGreaterThan(1.25);
  });

  it.skipIf(!mbrolaInstalled)(
    'with MBROLA opted in, gives a Spanish man its man’s voice and says the dub may not be sold',
    async () => {
      const optedIn = new Dubber(
        { tempRoot: jobs, options: DEFAULT_DUB_OPTIONS, dataDir: join(root, 'data') },
        defaultRegistries(new ModelManager(), { ...engineSettingsFromEnv(), optedInVoices: ['mbrola'] }),
      );
      try {
        const { run } = await dub('shaped', 'spa', optedIn);
        const [man, woman] = run.timeline.speakers!;
        expect([man!.voice.voice, woman!.voice.voice]).toEqual(['mbrola:es2', 'es-ES']);
        const his = run.timeline.segments.filter((segment) => segment.speaker === 'S1');
        expect(his.every((segment) => segment.engines.tts === 'mbrola' && segment.voice?.nonCommercial)).toBe(true);
        expect(run.timeline.warnings.join(' ')).toMatch(/non-commercial use only speak some lines \(mbrola:es2\)/);
        expect(run.provenance.voice.nonCommercial).toMatchObject({ voices: ['mbrola:es2'], lines: his.length });
      } finally {
        await optedIn.close();
      }
    },
  );
});
