import { addressOf, Routes, type AnswerOf } from '@voxlate/contract';
import { answerOf, nonOkMessage, StudioError } from './api.js';

type MemoryList = AnswerOf<typeof Routes.listMemory>;
/** One remembered line, as the memory's route answers it. */
export type MemoryEntry = MemoryList['entries'][number];

/** The translation memory's lines, newest first, those containing `query`. */
export async function listMemory(query: string, signal?: AbortSignal): Promise<MemoryList> {
  const address = addressOf(Routes.listMemory, {
    query: { size: '200', ...(query.trim() ? { q: query.trim() } : {}) },
  });
  return answerOf(Routes.listMemory, await fetch(address, signal ? { signal } : {}));
}

export async function forgetMemoryLine(id: string): Promise<void> {
  const response = await fetch(addressOf(Routes.forgetMemoryLine, { params: { id } }), { method: 'DELETE' });
  if (!response.ok && response.status !== 404) throw new StudioError(await nonOkMessage(response));
}

/** Forgets every line; returns how many. */
export async function clearMemory(): Promise<number> {
  const response = await fetch(addressOf(Routes.clearMemory), { method: 'DELETE' });
  return (await answerOf(Routes.clearMemory, response)).forgotten;
}

export const MEMORY_EXPORT_URL = addressOf(Routes.exportMemory);
