import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PcmFile } from '@voxlate/core';
import { DuckEnvelope, decibelsToGain } from '@voxlate/media';
import { GAME_MUSIC } from '../../../packages/dubber/src/test/make-media.js';
import { concatList, librivoxClips } from './make-inputs.js';

export const SCENE_RATE = 44100;

/** A mix made here from real recordings, with both of its parts known. */
export interface SeparationScene {
  mix: PcmFile;
  voice: Float32Array;
  background: Float32Array;
  seconds: number;
}

/**
 * Real speech (the librivox clips, looped to `seconds`) over real music (chromium-bsu's game
 * loop, looped) at `musicDb` relative to full scale, 44.1 kHz stereo float, in `dir`.
 */
export function separationScene(dir: string, seconds: number, musicDb = -14): SeparationScene {
  const speech = decodeLooped(
    librivoxClips().map((clip) => clip.path),
    seconds,
    0,
    dir,
  );
  const music = decodeLooped([GAME_MUSIC], seconds, musicDb, dir);
  const mixed = speech.map((v, i) => v + music[i]!);
  const path = join(dir, `separation-mix-${seconds}s.f32le`);
  writeFileSync(path, Buffer.from(mixed.buffer));
  return {
    mix: { path, sampleRate: SCENE_RATE, channels: 2, frames: mixed.length / 2 },
    voice: speech,
    background: music,
    seconds,
  };
}

/**
 * The same mix written by ffmpeg alone, for timing: no part of it is held in this process, so
 * the memory measured is the separator's.
 */
export function separationMixFile(dir: string, seconds: number, musicDb = -14): PcmFile {
  const list = concatList(
    dir,
    `speech-${seconds}.txt`,
    librivoxClips().map((clip) => clip.path),
  );
  const path = join(dir, `separation-mix-${seconds}s.f32le`);
  const graph = `[0]aresample=${SCENE_RATE},aformat=channel_layouts=stereo[s];[1]volume=${musicDb}dB,aresample=${SCENE_RATE},aformat=channel_layouts=stereo[m];[s][m]amix=inputs=2:duration=first:normalize=0[a]`;
  execFileSync('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-stream_loop', '-1', '-i', list],
    ...['-stream_loop', '-1', '-i', GAME_MUSIC, '-filter_complex', graph, '-map', '[a]', '-t', String(seconds)],
    ...['-f', 'f32le', path],
  ]);
  return { path, sampleRate: SCENE_RATE, channels: 2, frames: seconds * SCENE_RATE };
}

/** Files joined, looped to `seconds`, at a gain, as interleaved 44.1 kHz stereo float. */
function decodeLooped(files: readonly string[], seconds: number, gainDb: number, dir: string): Float32Array {
  const list = concatList(dir, `loop-${files.length}-${seconds}.txt`, files);
  const raw = execFileSync(
    'ffmpeg',
    ['-v', 'error', '-f', 'concat', '-safe', '0', '-stream_loop', '-1', '-i', list, '-t', String(seconds)].concat([
      '-af',
      `volume=${gainDb}dB`,
      '-ar',
      String(SCENE_RATE),
      '-ac',
      '2',
      '-f',
      'f32le',
      '-',
    ]),
    { maxBuffer: 1 << 30 },
  );
  return new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.length));
}

/**
 * Signal-to-distortion ratio of an estimate against the reference, dB: 10 log10(|s|^2 / |s - e|^2),
 * the plain SDR MVSEP's leaderboard reports (no scale allowed for, unlike BSS-eval's).
 */
export function sdr(reference: Float32Array, estimate: Float32Array): number {
  let signal = 0;
  let error = 0;
  for (let i = 0; i < reference.length; i++) {
    signal += reference[i]! ** 2;
    error += (reference[i]! - (estimate[i] ?? 0)) ** 2;
  }
  return 10 * Math.log10(signal / Math.max(error, 1e-20));
}

/**
 * The offline fallback's background: the mix ducked by `duckDb` wherever the voice speaks (the
 * voice's own activity, so ducking at its best), with the mix's fades.
 */
export function duckedBackground(scene: SeparationScene, duckDb = 18, fadeSeconds = 0.12): Float32Array {
  const spans = voiceSpans(scene.voice);
  const envelope = new DuckEnvelope(spans, decibelsToGain(-duckDb), fadeSeconds);
  const mix = scene.voice.map((v, i) => v + scene.background[i]!);
  for (let frame = 0; frame < mix.length / 2; frame++) {
    const gain = envelope.gainAt(frame / SCENE_RATE);
    mix[2 * frame]! *= gain;
    mix[2 * frame + 1]! *= gain;
  }
  return mix;
}

/** Where the voice is louder than -45 dBFS in 20 ms frames, gaps under 0.3 s closed. */
function voiceSpans(voice: Float32Array): { start: number; end: number }[] {
  const frame = Math.round(0.02 * SCENE_RATE);
  const spans: { start: number; end: number }[] = [];
  for (let start = 0; start + frame <= voice.length / 2; start += frame) {
    let energy = 0;
    for (let i = start; i < start + frame; i++) energy += voice[2 * i]! ** 2;
    if (10 * Math.log10(energy / frame + 1e-12) < -45) continue;
    const at = start / SCENE_RATE;
    const last = spans.at(-1);
    if (last && at - last.end < 0.3) last.end = at + 0.02;
    else spans.push({ start: at, end: at + 0.02 });
  }
  return spans;
}
