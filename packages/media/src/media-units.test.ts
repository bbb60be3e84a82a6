import { describe, expect, it } from 'vitest';
import { NoAudioStream } from '@voxlate/core';
import { DuckEnvelope, decibelsToGain } from './duck-envelope.js';
import {
  dynamicNormaliseFilter,
  gainToTarget,
  limitedGainFilter,
  limiterWillAct,
  makeupToTarget,
  parseEachIntegratedLufs,
  parseEbur128Summary,
} from './loudness.js';
import { mediaInfoFrom } from './probe.js';
import { resample } from './resample.js';

describe('resample', () => {
  const tone = (rate: number, seconds: number, hz: number): Float32Array =>
    Float32Array.from({ length: Math.round(rate * seconds) }, (_, i) => Math.sin((2 * Math.PI * hz * i) / rate));

  it('keeps duration and frequency when upsampling', () => {
    const out = resample(tone(22050, 1, 440), 22050, 48000);
    expect(out.length).toBe(48000);
    expect(zeroCrossingHz(out.subarray(1000, 47000), 48000)).toBeCloseTo(440, -1);
  });

  it('removes content above the new Nyquist frequency when downsampling', () => {
    const out = resample(tone(48000, 1, 12000), 48000, 16000);
    const rms = Math.sqrt(out.subarray(200, 15800).reduce((sum, v) => sum + v * v, 0) / 15600);
    expect(rms).toBeLessThan(0.05);
  });
});

describe('DuckEnvelope', () => {
  it('is 1 away from speech, the duck gain under it, and fades in between', () => {
    const duck = decibelsToGain(-18);
    const envelope = new DuckEnvelope([{ start: 2, end: 4 }], duck, 0.1);
    expect(envelope.gainAt(0)).toBe(1);
    expect(envelope.gainAt(1.95)).toBeGreaterThan(duck);
    expect(envelope.gainAt(1.95)).toBeLessThan(1);
    expect(envelope.gainAt(3)).toBeCloseTo(duck, 6);
    expect(envelope.gainAt(4.05)).toBeLessThan(1);
    expect(envelope.gainAt(4.2)).toBe(1);
  });

  it('joins spans closer than two fades so the background does not pump', () => {
    const envelope = new DuckEnvelope(
      [
        { start: 1, end: 2 },
        { start: 2.15, end: 3 },
      ],
      0.1,
      0.1,
    );
    expect(envelope.gainAt(2.07)).toBeCloseTo(0.1, 6);
  });
});

describe('loudness', () => {
  const stderr =
    '[Parsed_ebur128_1 @ 0x1] Summary:\n\n  Integrated loudness:\n    I:         -27.6 LUFS\n    Threshold: -38.0 LUFS\n\n' +
    '  Loudness range:\n    LRA:         6.1 LU\n\n  True peak:\n    Peak:       -4.5 dBFS\n';

  it('parses the ebur128 summary', () => {
    expect(parseEbur128Summary(stderr)).toEqual({ integratedLufs: -27.6, truePeakDb: -4.5 });
    expect(parseEbur128Summary('nothing')).toBeUndefined();
  });

  it('applies one gain to the target and limits under the true-peak ceiling', () => {
    const target = { lufs: -16, truePeakDb: -1 };
    const gain = gainToTarget(target, { integratedLufs: -27.6, truePeakDb: -4.5 });
    expect(gain).toBeCloseTo(11.6, 6);
    expect(limitedGainFilter(target, gain, 44100)).toBe(
      'volume=11.60dB,aresample=88200,alimiter=limit=0.7943:attack=2:release=60:level=false:latency=1,aresample=44100',
    );
  });

  it('looks again through the limiter only when the peaks land clearly over its ceiling', () => {
    const target = { lufs: -16, truePeakDb: -1 };
    // Peaks at -4.5 + 11.6 = +7.1 dBFS: far over the -2 dBFS ceiling.
    expect(limiterWillAct(target, { integratedLufs: -27.6, truePeakDb: -4.5 }, 11.6)).toBe(true);
    // Peaks at -14 + 11.6 = -2.4 dBFS: under it, the gain alone hits the target.
    expect(limiterWillAct(target, { integratedLufs: -27.6, truePeakDb: -14 }, 11.6)).toBe(false);
  });

  it('reads the make-up that hits the target between the measured ones', () => {
    const curve = [
      { makeupDb: 0, lufs: -18 },
      { makeupDb: 1, lufs: -17.2 },
      { makeupDb: 2, lufs: -16.5 },
      { makeupDb: 3, lufs: -15.9 },
      { makeupDb: 4, lufs: -15.4 },
    ];
    expect(makeupToTarget(-16, curve)).toBeCloseTo(2 + 0.5 / 0.6, 6);
    expect(makeupToTarget(-16, [...curve].reverse())).toBeCloseTo(2 + 0.5 / 0.6, 6);
    expect(makeupToTarget(-16, [{ makeupDb: 0, lufs: -15.8 }, ...curve.slice(1)])).toBe(0);
    expect(makeupToTarget(-12, curve)).toBe(4);
    expect(makeupToTarget(-16, [])).toBe(0);
  });

  it('parses the last summary of each of several ebur128 filters, in graph order', () => {
    const summary = (index: number, lufs: string): string =>
      `[Parsed_ebur128_${index} @ 0x55] Summary:\n\n  Integrated loudness:\n    I:         ${lufs} LUFS\n    Threshold: -30 LUFS\n`;
    // The first set-up of the graph prints an empty summary (-70 LUFS) for each filter.
    const empty = `${summary(3, '-70.0')}${summary(6, '-70.0')}${summary(9, '-70.0')}`;
    const stderr = `${empty}${summary(9, '-15.4')}${summary(3, '-18.0')}noise\n${summary(6, '-inf')}`;
    expect(parseEachIntegratedLufs(stderr)).toEqual([-18, undefined, -15.4]);
  });

  it('falls back to one dynamic pass when nothing was measured', () => {
    expect(dynamicNormaliseFilter({ lufs: -16, truePeakDb: -1 })).toBe('loudnorm=I=-16:TP=-1:LRA=11');
  });
});

describe('mediaInfoFrom', () => {
  it('reads audio and video streams and ignores cover art', () => {
    const info = mediaInfoFrom({
      format: { format_name: 'mov,mp4', duration: '12.5' },
      streams: [
        { codec_type: 'video', codec_name: 'mjpeg', disposition: { attached_pic: 1 } },
        { codec_type: 'audio', codec_name: 'aac', sample_rate: '48000', channels: 2 },
      ],
    });
    expect(info).toEqual({
      durationSeconds: 12.5,
      format: 'mov,mp4',
      audio: { codec: 'aac', sampleRate: 48000, channels: 2 },
    });
  });

  it('names a file with no audio stream', () => {
    expect(() => mediaInfoFrom({ format: { duration: '3' }, streams: [{ codec_type: 'video' }] })).toThrow(
      NoAudioStream,
    );
  });
});

function zeroCrossingHz(samples: Float32Array, rate: number): number {
  let crossings = 0;
  for (let i = 1; i < samples.length; i++) if (samples[i - 1]! < 0 && samples[i]! >= 0) crossings++;
  return (crossings * rate) / samples.length;
}
