import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const MEDIA = '.cache/debian-media';
/** ALSA's channel names, read by one man (alsa-utils' speaker-test sounds), unpacked by scripts/debian-media.sh. */
export const ALSA_MEDIA = join(MEDIA, 'alsa-utils');

/** A real English recording and the words said in it. */
export interface SpokenRecording {
  name: string;
  path: string;
  words: string;
}

export const ALSA_CHANNELS = [
  'Front_Center',
  'Front_Left',
  'Front_Right',
  'Rear_Center',
  'Rear_Left',
  'Rear_Right',
  'Side_Left',
  'Side_Right',
];

/**
 * English speech unpacked by scripts/debian-media.sh that no threshold was tuned on: ALSA's
 * channel names ("front left", a man's voice; alsa-utils) and TIMIT's sentence sa1 as sphinxtrain
 * ships it for its tests.
 */
export function heldOutSpeech(): SpokenRecording[] {
  return [
    ...ALSA_CHANNELS.map((channel) => ({
      name: `alsa ${channel}`,
      path: join(ALSA_MEDIA, `${channel}.wav`),
      words: channel.replace('_', ' ').toLowerCase(),
    })),
    {
      name: 'timit sa1',
      path: join(MEDIA, 'sphinxtrain', 'sa1.wav'),
      words: 'she had your dark suit in greasy wash water all year',
    },
  ];
}

/** KTuberling's English words (people reading a word each), unpacked by scripts/debian-media.sh. */
export const SPOKEN_WORDS = join(MEDIA, 'ktuberling-data', 'en');

/**
 * Each of KTuberling's English words, said alone, with the word as its file names it
 * ("egypt_palmtree.ogg" says "palm tree").
 */
export function spokenWords(): SpokenRecording[] {
  return readdirSync(SPOKEN_WORDS)
    .filter((file) => file.endsWith('.ogg'))
    .sort()
    .map((file) => ({
      name: `ktuberling ${file}`,
      path: join(SPOKEN_WORDS, file),
      words: file
        .replace(/\.ogg$/, '')
        .replace(/^[a-z]+_/, '')
        .replace('palmtree', 'palm tree'),
    }));
}
