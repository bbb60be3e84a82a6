import { join } from 'node:path';

const MEDIA = '.cache/debian-media';

/** A real English recording and the words said in it. */
export interface SpokenRecording {
  name: string;
  path: string;
  words: string;
}

const ALSA_CHANNELS = [
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
      path: join(MEDIA, 'alsa-utils', `${channel}.wav`),
      words: channel.replace('_', ' ').toLowerCase(),
    })),
    {
      name: 'timit sa1',
      path: join(MEDIA, 'sphinxtrain', 'sa1.wav'),
      words: 'she had your dark suit in greasy wash water all year',
    },
  ];
}
