import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cancelled, type PcmFile } from '@voxlate/core';
import { MDX_KIM_VOCAL_2, ModelManager } from '@voxlate/models';
import { writeTinyMdx } from '@voxlate/tiny-models';
import { defaultRegistries } from '../../neural-registries.js';
import { RegistryResolver } from '../../registry-resolver.js';
import { chunkSamples, trimSamples } from './mdx-geometry.js';
import { MDX_MODELS } from './mdx-models.js';
import { RealFft } from './real-fft.js';
import { Spectrogram } from './spectrogram.js';

/**
 * The MDX-Net separator on a tiny model that calls 300-4000 Hz "voice": a 1 kHz tone (the
 * voice) over a 110 Hz tone (the background) must come apart into exactly those two. Proves the
 * STFT, the chunking and the stems on the real geometry; says nothing about real voices.
 */
const RATE = 44100;
const dir = mkdtempSync(join(tmpdir(), 'voxlate-tiny-mdx-'));
const manager = new ModelManager({ root: join(dir, 'models'), hubBase: 'http://127.0.0.1:9', offline: true });
const resolver = new RegistryResolver(defaultRegistries(manager));
const geometry = MDX_MODELS['mdx-kim-vocal-2']!.geometry;

beforeAll(async () => {
  await writeTinyMdx(join(manager.folderOf(MDX_KIM_VOCAL_2), 'Kim_Vocal_2.onnx'));
  await manager.adopt('mdx-kim-vocal-2');
});
afterAll(async () => {
  await resolver.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A stereo tone pair: the voice (1 kHz) speaks from `voiceFrom` to `voiceTo` seconds. */
function scene(seconds: number, voiceFrom: number, voiceTo: number): { voice: Float32Array; background: Float32Array } {
  const frames = Math.round(seconds * RATE);
  const voice = new Float32Array(frames * 2);
  const background = new Float32Array(frames * 2);
  for (let i = 0; i < frames; i++) {
    const t = i / RATE;
    const speaking = t >= voiceFrom && t < voiceTo ? 0.3 * Math.sin(2 * Math.PI * 1000 * t) : 0;
    voice[2 * i] = speaking;
    voice[2 * i + 1] = 0.8 * speaking;
    background[2 * i] = 0.2 * Math.sin(2 * Math.PI * 110 * t);
    background[2 * i + 1] = 0.2 * Math.sin(2 * Math.PI * 110 * t + 0.5);
  }
  return { voice, background };
}

function writePcm(name: string, samples: Float32Array): PcmFile {
  const path = join(dir, name);
  writeFileSync(path, Buffer.from(samples.buffer));
  return { path, sampleRate: RATE, channels: 2, frames: samples.length / 2 };
}

function readPcm(file: PcmFile): Float32Array {
  const bytes = readFileSync(file.path);
  return new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
}

/** The largest absolute difference between two signals. */
function worstDifference(a: Float32Array, b: Float32Array, scaleB = 1): number {
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i]! - scaleB * b[i]!));
  return worst;
}

/** Signal-to-distortion ratio of an estimate against the reference, dB (away from the edges). */
function sdr(reference: Float32Array, estimate: Float32Array, skip = RATE): number {
  let signal = 0;
  let error = 0;
  for (let i = 2 * skip; i < reference.length - 2 * skip; i++) {
    signal += reference[i]! ** 2;
    error += (reference[i]! - estimate[i]!) ** 2;
  }
  return 10 * Math.log10(signal / error);
}

describe('MDX-Net separator on a tiny model', () => {
  it('is chosen once installed', async () => {
    expect((await resolver.separator())?.id).toBe('mdx-kim-vocal-2');
    expect(
      await new RegistryResolver(
        defaultRegistries(new ModelManager({ root: join(dir, 'none'), hubBase: '', offline: true })),
      ).separator(),
    ).toBeUndefined();
  });

  it('gives back the background and the voice, over several chunks, with no seam', async () => {
    // 14 s: three chunks of 5.75 s kept; the voice starts and stops mid-chunk.
    const { voice, background } = scene(14, 3, 9.5);
    const mix = voice.map((v, i) => v + background[i]!);
    const separator = (await resolver.separator())!;
    const progress: number[] = [];
    const stems = await separator.separate(
      writePcm('mix.f32le', mix),
      { voice: join(dir, 'voice.f32le'), background: join(dir, 'background.f32le') },
      { onProgress: (done, total) => progress.push(done / total) },
    );
    expect(progress).toEqual([1 / 3, 2 / 3, 1]);
    expect(stems.background.frames).toBe(mix.length / 2);
    const gotBackground = readPcm(stems.background);
    const gotVoice = readPcm(stems.voice);
    expect(sdr(background, gotBackground)).toBeGreaterThan(25);
    expect(
      sdr(
        voice,
        gotVoice.map((v) => v / geometry.compensate),
      ),
    ).toBeGreaterThan(25);
    // The stems add up to the mix, sample for sample.
    expect(
      worstDifference(
        mix,
        gotVoice.map((v, i) => v + gotBackground[i]!),
      ),
    ).toBeLessThan(1e-5);
    // No seam where one chunk hands over to the next.
    const seam = chunkSamples(geometry) - 2 * trimSamples(geometry);
    for (const at of [seam, 2 * seam]) {
      const around = Array.from({ length: 64 }, (_, k) =>
        Math.abs(gotBackground[2 * (at - 32 + k)]! - background[2 * (at - 32 + k)]!),
      );
      expect(Math.max(...around)).toBeLessThan(0.01);
    }
  });

  it('turns a chunk into the network tensor and back without loss below dim_f', async () => {
    const fft = await RealFft.create(geometry.nFft);
    const spectrogram = new Spectrogram(geometry, fft);
    const length = chunkSamples(geometry);
    const left = Float32Array.from({ length }, (_, i) => Math.sin((2 * Math.PI * 440 * i) / RATE) * Math.sin(i / 5000));
    const right = Float32Array.from({ length }, (_, i) => 0.5 * Math.cos((2 * Math.PI * 2500 * i) / RATE));
    const tensor = spectrogram.forward([left, right]);
    expect(tensor.length).toBe(4 * geometry.dimF * geometry.dimT);
    const [backLeft, backRight] = spectrogram.inverse(tensor, 2);
    // The separator keeps a chunk's middle: its edges (n_fft / 2 each side) are where reflect
    // padding puts energy above dim_f, which the network's tensor leaves out.
    const middle = (signal: Float32Array): Float32Array =>
      signal.subarray(trimSamples(geometry), length - trimSamples(geometry));
    expect(worstDifference(middle(left), middle(backLeft!))).toBeLessThan(1e-4);
    expect(worstDifference(middle(right), middle(backRight!))).toBeLessThan(1e-4);
    fft.dispose();
  });

  it('stops when cancelled', async () => {
    const separator = (await resolver.separator())!;
    const { background } = scene(2, 0, 0);
    await expect(
      separator.separate(
        writePcm('short.f32le', background),
        { voice: join(dir, 'v2.f32le'), background: join(dir, 'b2.f32le') },
        { signal: AbortSignal.abort() },
      ),
    ).rejects.toBeInstanceOf(Cancelled);
  });
});
