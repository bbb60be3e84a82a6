import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { segmentSpeech, type AudioSource, type VoiceFrame } from '@voxlate/core';
import { analysisAudioOfSamples } from '../../test/audio-fixtures.js';
import { WebRtcVad } from '../webrtc-vad.js';
import { SileroVad, withHysteresis } from './silero-vad.js';

const BSU = '/usr/share/games/chromium-bsu/wav';
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0880.wav';

/** A real recording (or an ffmpeg graph) as the pipeline's 16 kHz mono analysis audio. */
function analysis(...input: string[]): AudioSource {
  const raw = execFileSync('ffmpeg', ['-v', 'error', ...input, '-ac', '1', '-ar', '16000', '-f', 'f32le', '-'], {
    maxBuffer: 64 * 1024 * 1024,
  });
  return analysisAudioOfSamples(new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength)));
}

async function spansOf(vad: SileroVad | WebRtcVad, audio: AudioSource): Promise<{ start: number; end: number }[]> {
  return segmentSpeech(await vad.detect(audio, {}), audio.duration);
}

describe('SileroVad on real recordings', () => {
  it('finds no speech in game music, explosions or a tone, where the WebRTC detector hears speech', async () => {
    const silero = await SileroVad.create();
    const webrtc = await WebRtcVad.create();
    const sounds = [
      analysis('-i', join(BSU, 'music_game.wav')),
      analysis('-i', join(BSU, 'music_menu.wav')),
      analysis('-i', join(BSU, 'exploBig.wav')),
      analysis('-f', 'lavfi', '-i', 'sine=frequency=440:duration=4'),
    ];
    for (const sound of sounds) expect(await spansOf(silero, sound)).toEqual([]);
    // The measure can tell: the old detector dubs every one of them.
    for (const sound of sounds) expect((await spansOf(webrtc, sound)).length).toBeGreaterThan(0);
  });

  it('finds the read speech of a librivox clip, and only the speech when music surrounds it', async () => {
    const silero = await SileroVad.create();
    const speech = await spansOf(silero, analysis('-i', LIBRIVOX));
    expect(speech.length).toBeGreaterThan(0);
    // 4 s of music, the clip over quieter music, 4 s of music.
    const graph =
      '[1:a]aresample=16000,pan=mono|c0=c0,adelay=4000,apad=pad_dur=4[s];' +
      '[0:a]aresample=16000,pan=mono|c0=c0,volume=0.5[m];[s][m]amix=inputs=2:duration=first:normalize=0';
    const mixed = analysis(
      '-stream_loop',
      '-1',
      '-i',
      join(BSU, 'music_game.wav'),
      '-i',
      LIBRIVOX,
      '-filter_complex',
      graph,
    );
    const spans = await spansOf(silero, mixed);
    expect(spans.length).toBeGreaterThan(0);
    expect(spans[0]!.start).toBeGreaterThan(3.6);
    expect(spans.at(-1)!.end).toBeLessThan(mixed.duration - 3.4);
  });
});

describe('withHysteresis', () => {
  it('starts speech above the entry threshold and holds it until the probability falls under the exit one', () => {
    const speech = withHysteresis(Float32Array.from([0.1, 0.4, 0.6, 0.4, 0.36, 0.3, 0.45, 0.55]), {
      enter: 0.5,
      leave: 0.35,
    });
    expect([...speech]).toEqual([0, 0, 1, 1, 1, 0, 0, 1]);
  });
});

describe('live detection', () => {
  it('judges a stream sent in uneven pieces exactly as the whole recording, each frame with its level', async () => {
    for (const vad of [await SileroVad.create(), await WebRtcVad.create()]) {
      const audio = analysis('-i', LIBRIVOX);
      const whole = await vad.detect(audio, {});
      const samples = await audio.read(0, audio.duration);
      const stream = vad.openStream();
      const frames: VoiceFrame[] = [];
      // 20 ms, 37 ms and 100 ms pieces in turn: frames straddle the pieces.
      for (let i = 0, k = 0; i < samples.length; k++) {
        const size = [320, 592, 1600][k % 3]!;
        frames.push(...(await stream.push(samples.subarray(i, i + size))));
        i += size;
      }
      expect(frames.map((frame) => (frame.speech ? 1 : 0))).toEqual([...whole.speech]);
      expect(frames[0]!.seconds).toBeCloseTo(whole.frameSeconds, 6);
      expect(frames.at(-1)!.start).toBeCloseTo((whole.speech.length - 1) * whole.frameSeconds, 6);
      // Speech frames are louder than the pauses between the words.
      const level = (speech: boolean): number =>
        frames.filter((frame) => frame.speech === speech).reduce((sum, frame) => sum + frame.energyDb, 0) /
        frames.filter((frame) => frame.speech === speech).length;
      expect(level(true)).toBeGreaterThan(level(false) + 10);
    }
  });
});
