import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SEGMENTATION, segmentSpeech, type VoiceActivityDetector } from '@voxlate/core';
import type { EngineRegistries } from '@voxlate/engines';
import { argv, RawPcmFile } from '@voxlate/media';
import { heldOutSpeech } from './held-out-speech.js';

/** What a recording holds: the detector must find speech in 'speech' and 'speech-over-music' only. */
export type SoundKind = 'speech' | 'speech-over-music' | 'music' | 'effects' | 'tones';

export interface SoundCase {
  name: string;
  kind: SoundKind;
  /** ffmpeg input arguments that make the recording (a file, or a lavfi source). */
  input: string[];
}

const MEDIA = '.cache/debian-media';
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
const CODEC2 = '/usr/share/codec2/wav';
const BSU = '/usr/share/games/chromium-bsu/wav';
const FREEDESKTOP = '/usr/share/sounds/freedesktop/stereo';
/** The freedesktop theme's spoken channel names ("front left"), a human voice. */
export const CHANNEL_NAMES = [
  'front-center',
  'front-left',
  'front-right',
  'rear-center',
  'rear-left',
  'rear-right',
  'side-left',
  'side-right',
].map((where) => `audio-channel-${where}`);
/** Its effects: bells, chimes, ringing, a shutter; no voice. */
const FREEDESKTOP_EFFECTS = [
  'alarm-clock-elapsed',
  'bell',
  'camera-shutter',
  'complete',
  'device-added',
  'dialog-error',
  'dialog-warning',
  'message-new-instant',
  'network-connectivity-lost',
  'phone-incoming-call',
  'phone-outgoing-busy',
  'power-plug',
  'service-login',
  'trash-empty',
  'window-attention',
];
const file = (path: string): string[] => ['-i', path];
const lavfi = (graph: string): string[] => ['-f', 'lavfi', '-i', graph];

/**
 * Real recordings from Debian packages (scripts/debian-packages.txt and debian-media.sh): read
 * and spoken English, game music, sound effects, and two generated tones for reference.
 */
export function freedesktopSound(name: string): string {
  return join(FREEDESKTOP, `${name}.oga`);
}

export function soundCases(): SoundCase[] {
  const cases: SoundCase[] = [
    ...['0870', '0880', '0890', '0920', '0930'].map((clip) => ({
      name: `librivox ${clip}`,
      kind: 'speech' as const,
      input: file(join(LIBRIVOX, `sense_and_sensibility_01_austen_64kb-${clip}.wav`)),
    })),
    ...['big_dog', 'cross', 'forig', 'morig', 'hts1a', 'vk5qi', 'david4', 'mmt1'].map((name) => ({
      name: `codec2 ${name}`,
      kind: 'speech' as const,
      input: file(join(CODEC2, `${name}.wav`)),
    })),
    {
      name: 'goforward (pocketsphinx)',
      kind: 'speech',
      input: ['-f', 's16le', '-ar', '16000', '-ac', '1', '-i', '/usr/share/pocketsphinx/test/data/goforward.raw'],
    },
    ...CHANNEL_NAMES.map((name) => ({
      name: `freedesktop ${name}`,
      kind: 'speech' as const,
      input: file(freedesktopSound(name)),
    })),
    ...heldOutSpeech().map((recording) => ({
      name: recording.name,
      kind: 'speech' as const,
      input: file(recording.path),
    })),
    {
      name: 'librivox 0870 over frozen-bubble music',
      kind: 'speech-over-music',
      input: mixed(join(LIBRIVOX, 'sense_and_sensibility_01_austen_64kb-0870.wav'), frozenBubble('introzik.ogg')),
    },
    {
      name: 'codec2 morig over chromium-bsu music',
      kind: 'speech-over-music',
      input: mixed(join(CODEC2, 'morig.wav'), join(BSU, 'music_game.wav')),
    },
    ...['frozen-mainzik-1p.ogg', 'introzik.ogg'].map((name) => ({
      name: `frozen-bubble ${name}`,
      kind: 'music' as const,
      input: file(frozenBubble(name)),
    })),
    ...['music_game.wav', 'music_menu.wav'].map((name) => ({
      name: `chromium-bsu ${name}`,
      kind: 'music' as const,
      input: file(join(BSU, name)),
    })),
    ...['boom', 'exploBig', 'exploPop', 'exploStd', 'life_add', 'life_lose', 'power'].map((name) => ({
      name: `chromium-bsu ${name}`,
      kind: 'effects' as const,
      input: file(join(BSU, `${name}.wav`)),
    })),
    ...['applause.ogg', 'lose.ogg'].map((name) => ({
      name: `frozen-bubble ${name}`,
      kind: 'effects' as const,
      input: file(frozenBubble(name)),
    })),
    ...FREEDESKTOP_EFFECTS.map((name) => ({
      name: `freedesktop ${name}`,
      kind: 'effects' as const,
      input: file(freedesktopSound(name)),
    })),
    { name: 'sine 440 Hz', kind: 'tones', input: lavfi('sine=frequency=440:duration=5') },
    {
      name: 'two-tone beeps',
      kind: 'tones',
      input: lavfi("aevalsrc='0.4*sin(2*PI*(300+200*gt(mod(t,1),0.5))*t)':d=6"),
    },
  ];
  return cases.filter((sound) => sound.input[0] !== '-i' || existsSync(sound.input[1]!));
}

function frozenBubble(name: string): string {
  return join(MEDIA, 'frozen-bubble-data', name);
}

/** Speech with music under it at about the level a video's background has (-10 dB). */
function mixed(speech: string, music: string): string[] {
  return ['-i', speech, '-stream_loop', '-1', '-i', music, '-filter_complex', mixGraph()];
}

function mixGraph(): string {
  return '[0:a]aresample=16000,pan=mono|c0=c0[s];[1:a]aresample=16000,pan=mono|c0=c0,volume=0.3[m];[s][m]amix=inputs=2:duration=first:normalize=0';
}

/** Decodes a case to 16 kHz mono 16-bit PCM (at most 60 s), as the pipeline's analysis audio. */
export function decodeCase(sound: SoundCase, dir: string, index: number): RawPcmFile {
  const path = join(dir, `case-${index}.raw`);
  execFileSync('ffmpeg', argv`-v error -y ${sound.input} -t 60 -ac 1 -ar 16000 -f s16le ${path}`);
  const bytes = Number(execFileSync('stat', ['-c', '%s', path]).toString());
  return new RawPcmFile(path, 16000, bytes / 2 / 16000);
}

export interface DetectorVerdict {
  engine: string;
  sound: SoundCase;
  /** Seconds the pipeline would dub (its segments after the detector). */
  speechSeconds: number;
  segments: number;
  /** The detector's verdict agrees with what the recording holds. */
  right: boolean;
}

/** Runs every installed voice activity detector over the cases, through the pipeline's segmentation. */
export async function speechDetectorQuality(registries: EngineRegistries, dir: string): Promise<DetectorVerdict[]> {
  const sounds = soundCases();
  const audio = sounds.map((sound, i) => decodeCase(sound, dir, i));
  const detectors = await registries.vad.candidates(() => true);
  const verdicts: DetectorVerdict[] = [];
  for (const detector of detectors) {
    for (const [i, sound] of sounds.entries()) verdicts.push(await verdictOf(detector, sound, audio[i]!));
  }
  return verdicts;
}

async function verdictOf(
  detector: VoiceActivityDetector,
  sound: SoundCase,
  audio: RawPcmFile,
): Promise<DetectorVerdict> {
  const frames = await detector.detect(audio, {});
  const spans = segmentSpeech(frames, audio.duration, DEFAULT_SEGMENTATION);
  const speechSeconds = spans.reduce((sum, span) => sum + span.end - span.start, 0);
  const heard = spans.length > 0;
  const hasSpeech = sound.kind === 'speech' || sound.kind === 'speech-over-music';
  return { engine: detector.id, sound, speechSeconds, segments: spans.length, right: heard === hasSpeech };
}

/** A table per detector: right verdicts per kind of sound, then the cases it got wrong. */
export function printSpeechDetectorFigures(verdicts: readonly DetectorVerdict[]): void {
  console.log('speech detector on real recordings (speech found = the pipeline would dub something):');
  for (const engine of new Set(verdicts.map((v) => v.engine))) {
    const mine = verdicts.filter((v) => v.engine === engine);
    const kinds = [...new Set(mine.map((v) => v.sound.kind))];
    const counts = kinds.map((kind) => {
      const ofKind = mine.filter((v) => v.sound.kind === kind);
      return `${kind} ${ofKind.filter((v) => v.right).length}/${ofKind.length}`;
    });
    const right = mine.filter((v) => v.right).length;
    console.log(`    ${engine.padEnd(12)} ${right}/${mine.length} right: ${counts.join(', ')}`);
    for (const wrong of mine.filter((v) => !v.right)) {
      console.log(
        `        wrong: ${wrong.sound.name} (${wrong.sound.kind}): ${wrong.segments} segments, ${wrong.speechSeconds.toFixed(1)} s`,
      );
    }
  }
}
