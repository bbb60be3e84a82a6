import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineRegistries } from '../offline-registries.js';
import { EspeakSynthesiser } from './espeak/espeak-synthesiser.js';
import { cacheFolderOf, VoiceCalibrations } from './voice-calibrations.js';
import type { VoiceCommand } from './command-voice/voice-command.js';

let folder = '';
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'voxlate-calibrations-'));
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(folder, { recursive: true, force: true });
});

const command: VoiceCommand = { program: 'Test voice', command: '/bin/true', args: ['-l', 'es-ES'] };

describe('voice calibrations kept between processes', () => {
  it('gives a figure one process kept to the next, and keeps figures of several voices side by side', () => {
    const file = join(folder, 'voice-calibrations.json');
    const first = new VoiceCalibrations(file);
    first.set('a', 171.5);
    new VoiceCalibrations(file).set('b', 98);
    const next = new VoiceCalibrations(file);
    expect([next.get('a'), next.get('b'), next.get('c')]).toEqual([171.5, 98, undefined]);
  });

  it('measures again when the voice files, the command line or the program change', () => {
    const calibrations = new VoiceCalibrations(join(folder, 'c.json'));
    const voiceFile = join(folder, 'voice.bin');
    writeFileSync(voiceFile, 'data');
    utimesSync(voiceFile, 1_700_000_000, 1_700_000_000);
    const key = calibrations.keyOfCommand(command, [voiceFile]);
    expect(calibrations.keyOfCommand(command, [voiceFile])).toBe(key);
    utimesSync(voiceFile, 1_700_000_100, 1_700_000_100);
    expect(calibrations.keyOfCommand(command, [voiceFile])).not.toBe(key);
    utimesSync(voiceFile, 1_700_000_000, 1_700_000_000);
    expect(calibrations.keyOfCommand({ ...command, args: ['-l', 'fr-FR'] }, [voiceFile])).not.toBe(key);
    expect(calibrations.keyOfCommand({ ...command, command: '/bin/false' }, [voiceFile])).not.toBe(key);
    rmSync(voiceFile);
    expect(calibrations.keyOfCommand(command, [voiceFile])).not.toBe(key);
  });

  it('treats a damaged file as empty and writes a whole one over it', () => {
    const file = join(folder, 'damaged.json');
    writeFileSync(file, '{"a": 171.5, "b"');
    const calibrations = new VoiceCalibrations(file);
    expect(calibrations.get('a')).toBeUndefined();
    calibrations.set('b', 98);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ b: 98 });
  });

  it('costs only a measurement when the folder cannot be written', () => {
    writeFileSync(join(folder, 'not-a-folder'), '');
    const calibrations = new VoiceCalibrations(join(folder, 'not-a-folder', 'c.json'));
    expect(() => calibrations.set('a', 171.5)).not.toThrow();
    expect(calibrations.get('a')).toBeUndefined();
  });

  it('lives in VOXLATE_CACHE_DIR, else $XDG_CACHE_HOME/voxlate, else ~/.cache/voxlate', () => {
    expect(cacheFolderOf({ VOXLATE_CACHE_DIR: '/srv/cache', XDG_CACHE_HOME: '/x' })).toBe('/srv/cache');
    expect(cacheFolderOf({ XDG_CACHE_HOME: '/x' })).toBe('/x/voxlate');
    expect(cacheFolderOf({})).toMatch(/\/\.cache\/voxlate$/);
  });
});

describe('a Debian voice program with kept calibrations', () => {
  it('measures a voice once, and a later process takes the kept figure instead of measuring', async () => {
    vi.stubEnv('VOXLATE_CACHE_DIR', folder);
    const measuring = await offlineRegistries().tts.get('svox-pico');
    const [measured] = await measuring.baseVoices!('spa');
    expect(measured!.f0MedianHz).toBeGreaterThan(120);
    const file = join(folder, 'voice-calibrations.json');
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
    expect(Object.values(kept).some((hz) => Math.abs(hz - measured!.f0MedianHz) <= 0.05)).toBe(true);
    // A figure no measurement would give, put where the voice's is kept: a new process reports it.
    const planted = Object.fromEntries(Object.keys(kept).map((key) => [key, 77]));
    writeFileSync(file, JSON.stringify(planted));
    const later = await offlineRegistries().tts.get('svox-pico');
    const [reported] = await later.baseVoices!('spa');
    expect(reported!.f0MedianHz).toBe(77);
  });
});

describe('eSpeak NG with kept calibrations', () => {
  it('sweeps a language’s voices once, and a later process takes the kept sweeps and formants', async () => {
    vi.stubEnv('VOXLATE_CACHE_DIR', folder);
    const measured = await (await EspeakSynthesiser.create()).baseVoices('spa');
    expect(measured.map((voice) => voice.f0MedianHz).every((hz) => hz > 80 && hz < 300)).toBe(true);
    const file = join(folder, 'voice-calibrations.json');
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    // Six voices, a pitch sweep and formants each.
    expect(Object.keys(kept)).toHaveLength(12);
    // Figures no measurement would give, where the voices' are kept: a new process reports them.
    const planted = Object.fromEntries(
      Object.entries(kept).map(([key, figure]) => [
        key,
        Array.isArray(figure) ? figure.map(([units]: [number, number]) => [units, 77]) : { formants: [111, 222, 333] },
      ]),
    );
    writeFileSync(file, JSON.stringify(planted));
    const later = await (await EspeakSynthesiser.create()).baseVoices('spa');
    expect(later.map((voice) => voice.f0MedianHz)).toEqual(Array<number>(6).fill(77));
    expect(later.map((voice) => voice.formantsHz)).toEqual(Array<number[]>(6).fill([111, 222, 333]));
  });
});
