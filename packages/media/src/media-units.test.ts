import { describe, expect, it } from 'vitest';
import { NoAudioStream } from '@voxlate/core';
import { DuckEnvelope, decibelsToGain } from './duck-envelope.js';
import { gainToTarget, limiterWillAct, makeupToTarget, parseEbur128Summary } from './loudness.js';
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

  it('applies one gain to the target, within bounds', () => {
    const target = { lufs: -16, truePeakDb: -1 };
    expect(gainToTarget(target, { integratedLufs: -27.6, truePeakDb: -4.5 })).toBeCloseTo(11.6, 6);
    // Silence (-70 LUFS) is raised by 30 dB at most, never by the 54 it would take.
    expect(gainToTarget(target, { integratedLufs: -70, truePeakDb: -Infinity })).toBe(30);
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
