import { addressOf, Routes, type MemoryEntry, type MemoryList } from '@voxlate/contract';
import { nonOkMessage, StudioError } from './api.js';

export type { MemoryEntry };

/** The translation memory's lines, newest first, those containing `query`. */
export async function listMemory(query: string, signal?: AbortSignal): Promise<MemoryList> {
  const address = addressOf(Routes.listMemory, {
    query: { size: '200', ...(query.trim() ? { q: query.trim() } : {}) },
  });
  const response = await fetch(address, signal ? { signal } : {});
  if (!response.ok) throw new StudioError(await nonOkMessage(response));
  return (await response.json()) as MemoryList;
}

export async function forgetMemoryLine(id: string): Promise<void> {
  const response = await fetch(addressOf(Routes.forgetMemoryLine, { params: { id } }), { method: 'DELETE' });
  if (!response.ok && response.status !== 404) throw new StudioError(await nonOkMessage(response));
}

/** Forgets every line; returns how many. */
export async function clearMemory(): Promise<number> {
  const response = await fetch(addressOf(Routes.clearMemory), { method: 'DELETE' });
  if (!response.ok) throw new StudioError(await nonOkMessage(response));
  return ((await response.json()) as { forgotten: number }).forgotten;
}

export const MEMORY_EXPORT_URL = addressOf(Routes.exportMemory);
