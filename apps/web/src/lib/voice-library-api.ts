import { addressOf, Routes, type RenameSavedVoiceBody, type SaveVoiceBody } from '@voxlate/contract';
import type { AnswerOf } from '@voxlate/contract';
import { answerOf, nonOkMessage, StudioError } from './api.js';

/** A saved voice as the service answers it (its route's answer in the contract). */
export type SavedVoice = AnswerOf<typeof Routes.getSavedVoice>;
/** A voice file as exported, and imported again. */
type SavedVoiceFile = AnswerOf<typeof Routes.exportSavedVoice>;

const sendJson = (address: string, method: string, body: unknown): Promise<Response> =>
  fetch(address, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

export async function listSavedVoices(signal?: AbortSignal): Promise<SavedVoice[]> {
  const response = await fetch(addressOf(Routes.listSavedVoices), signal ? { signal } : {});
  return (await answerOf(Routes.listSavedVoices, response)).voices;
}

/** Saves a speaker of a finished job under a name, with the creator's statement that they may use the voice. */
export async function saveSpeakerVoice(save: {
  jobId: string;
  speaker: string;
  name: string;
  rights: string;
}): Promise<SavedVoice> {
  const body: SaveVoiceBody = {
    name: save.name,
    job_id: save.jobId,
    speaker: save.speaker,
    rights_statement: save.rights,
  };
  return answerOf(Routes.saveVoice, await sendJson(addressOf(Routes.saveVoice), 'POST', body));
}

export async function renameSavedVoice(id: string, name: string): Promise<SavedVoice> {
  const body: RenameSavedVoiceBody = { name };
  return answerOf(
    Routes.renameSavedVoice,
    await sendJson(addressOf(Routes.renameSavedVoice, { params: { id } }), 'PATCH', body),
  );
}

export async function deleteSavedVoice(id: string): Promise<void> {
  const response = await fetch(addressOf(Routes.deleteSavedVoice, { params: { id } }), { method: 'DELETE' });
  if (!response.ok && response.status !== 404) throw new StudioError(await nonOkMessage(response));
}

/** Adds a voice from a file exported before (its text, as read from the chosen file). */
export async function importSavedVoice(text: string): Promise<SavedVoice> {
  let file: SavedVoiceFile;
  try {
    file = JSON.parse(text) as SavedVoiceFile;
  } catch {
    throw new StudioError('That file is not a Voxlate voice file (it is not JSON).');
  }
  return answerOf(Routes.importSavedVoice, await sendJson(addressOf(Routes.importSavedVoice), 'POST', file));
}

export const savedVoiceFileUrl = (id: string): string => addressOf(Routes.exportSavedVoice, { params: { id } });
export const savedVoiceSpeechUrl = (id: string): string => addressOf(Routes.getSavedVoiceSpeech, { params: { id } });
