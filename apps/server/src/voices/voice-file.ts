import { readFile, writeFile } from 'node:fs/promises';
import { BadInput } from '@voxlate/core';
import { SAVED_VOICE_FILE_FORMAT, type SavedVoiceFile } from '@voxlate/contract';
import type { NewVoice, StoredVoice, VoiceSpeech } from '@voxlate/workspace';
import { profileFields, profileOf } from './saved-voice-fields.js';

/** A saved voice as a file to keep: its measures, base voices, the creator's statement and its speech. */
export async function voiceFileOf(voice: StoredVoice, speechPath: string | undefined): Promise<SavedVoiceFile> {
  const speech = speechPath && voice.reference ? await readFile(speechPath) : undefined;
  return {
    format: SAVED_VOICE_FILE_FORMAT,
    name: voice.name,
    profile: profileFields(voice.profile),
    base_voices: voice.baseVoices,
    rights: voice.rights,
    ...(speech && voice.reference
      ? {
          speech: {
            seconds: voice.reference.seconds,
            from: voice.reference.from,
            wav_base64: speech.toString('base64'),
          },
        }
      : {}),
  };
}

/**
 * A voice file given back (its schema checked): the voice to add, and its speech written to
 * `speechPath` when it has some (refused unless it is a 16-bit PCM WAV file).
 */
export async function voiceOfFile(
  file: SavedVoiceFile,
  speechPath: string,
): Promise<{ voice: NewVoice; speech?: VoiceSpeech }> {
  const voice: NewVoice = {
    name: file.name.trim(),
    profile: profileOf(file.profile),
    baseVoices: file.base_voices,
    rights: file.rights,
  };
  if (!file.speech) return { voice };
  const bytes = Buffer.from(file.speech.wav_base64, 'base64');
  requirePcmWav(bytes);
  await writeFile(speechPath, bytes);
  return { voice, speech: { wavPath: speechPath, seconds: file.speech.seconds, from: file.speech.from } };
}

/** RIFF/WAVE with PCM ("fmt " format 1): what the library keeps and the cloning engines read. */
function requirePcmWav(bytes: Buffer): void {
  const isWav =
    bytes.length > 44 &&
    bytes.toString('ascii', 0, 4) === 'RIFF' &&
    bytes.toString('ascii', 8, 12) === 'WAVE' &&
    bytes.toString('ascii', 12, 16) === 'fmt ' &&
    bytes.readUInt16LE(20) === 1;
  if (!isWav)
    throw new BadInput('"speech.wav_base64" is not a PCM WAV file: export the voice again and import that file.');
}
