import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { LoudnessMeter } from './loudness-meter.js';
import { parseEbur128Summary } from './loudness.js';

/**
 * The meter in the process against ffmpeg's ebur128 (the measurement it replaces) on real
 * recordings from Debian packages, in the formats a mix comes in: speech at 16 kHz mono, music
 * at 48 kHz and a sound at 44.1 kHz stereo.
 */
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav';
const MUSIC = '/usr/share/games/chromium-bsu/wav/music_game.wav';
const SOUND = '/usr/share/sounds/freedesktop/stereo/complete.oga';

/** A file decoded by ffmpeg to interleaved float at the given rate and channels. */
function decode(path: string, rate: number, channels: number, filter = 'anull'): Float32Array {
  const args = [
    '-v',
    'error',
    '-i',
    path,
    '-af',
    filter,
    '-ar',
    String(rate),
    '-ac',
    String(channels),
    '-f',
    'f32le',
    '-',
  ];
  const bytes = execFileSync('ffmpeg', args, { maxBuffer: 256 * 1024 * 1024 });
  return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
}

/** What ffmpeg's ebur128 says of the same samples. */
function ffmpegMeasure(
  samples: Float32Array,
  rate: number,
  channels: number,
): { integratedLufs: number; truePeakDb: number } {
  const args = ['-hide_banner', '-nostats', '-f', 'f32le', '-ar', String(rate), '-ac', String(channels), '-i', '-'];
  const run = spawnSync('ffmpeg', [...args, '-af', 'ebur128=peak=true', '-f', 'null', '-'], {
    input: Buffer.from(samples.buffer),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const measured = parseEbur128Summary(run.stderr);
  if (!measured) throw new Error(`no ebur128 summary: ${run.stderr.slice(-400)}`);
  return measured;
}

/** The meter fed in uneven chunks, as a pipe hands them over. */
function meter(
  samples: Float32Array,
  rate: number,
  channels: number,
  truePeak = true,
): { integratedLufs: number; truePeakDb: number } {
  const measuring = new LoudnessMeter(rate, channels, { truePeak });
  const chunkFrames = 3001;
  for (let at = 0; at < samples.length; at += chunkFrames * channels) {
    measuring.add(samples.subarray(at, Math.min(samples.length, at + chunkFrames * channels)));
  }
  return measuring.result();
}

describe('loudness meter', () => {
  it('reads a full-scale 997 Hz sine on one channel as -3.01 LUFS, as BS.1770 defines it', () => {
    const rate = 48000;
    const sine = Float32Array.from({ length: rate * 5 }, (_, i) => Math.sin((2 * Math.PI * 997 * i) / rate));
    const measured = meter(sine, rate, 1);
    expect(measured.integratedLufs).toBeCloseTo(-3.01, 1);
    expect(measured.truePeakDb).toBeCloseTo(0, 1);
  });

  it.each([
    ['librivox speech, 16 kHz mono', LIBRIVOX, 16000, 1],
    ['game music, 48 kHz stereo', MUSIC, 48000, 2],
    ['a desktop sound, 44.1 kHz stereo', SOUND, 44100, 2],
  ])('agrees with ffmpeg ebur128 on %s', (_name, path, rate, channels) => {
    const samples = decode(path, rate, channels, 'volume=-6dB');
    const ours = meter(samples, rate, channels);
    const theirs = ffmpegMeasure(samples, rate, channels);
    expect(Math.abs(ours.integratedLufs - theirs.integratedLufs)).toBeLessThanOrEqual(0.2);
    expect(Math.abs(ours.truePeakDb - theirs.truePeakDb)).toBeLessThanOrEqual(0.3);
  });

  it('gates out silence and quiet stretches, so pauses do not lower the loudness', () => {
    const rate = 16000;
    const speech = decode(LIBRIVOX, rate, 1);
    const withPause = new Float32Array(speech.length + rate * 10);
    withPause.set(speech);
    const alone = meter(speech, rate, 1).integratedLufs;
    // Ungated, 10 s of silence after 7 s of speech would read 3.8 LU lower.
    expect(Math.abs(meter(withPause, rate, 1).integratedLufs - alone)).toBeLessThan(0.1);
    expect(meter(new Float32Array(rate * 3), rate, 1)).toEqual({ integratedLufs: -70, truePeakDb: -Infinity });
  });

  it('sees the peaks between samples: a quarter-rate sine sampled off its crests', () => {
    const rate = 48000;
    // Sampled at 45 degrees off its crests: every sample is 0.707, the wave reaches 1.0.
    const tone = Float32Array.from({ length: rate }, (_, i) => Math.sin((Math.PI / 2) * i + Math.PI / 4));
    expect(meter(tone, rate, 1).truePeakDb).toBeGreaterThan(-0.3);
    expect(20 * Math.log10(Math.max(...tone.map(Math.abs)))).toBeLessThan(-2.9);
  });
});
