import type { MemoryEntry, MemoryList } from '@voxlate/contract';
import { nonOkMessage, StudioError } from './api.js';

export type { MemoryEntry };

/** The translation memory's lines, newest first, those containing `query`. */
export async function listMemory(query: string, signal?: AbortSignal): Promise<MemoryList> {
  const address = `/api/memory?size=200${query.trim() ? `&q=${encodeURIComponent(query.trim())}` : ''}`;
  const response = await fetch(address, signal ? { signal } : {});
  if (!response.ok) throw new StudioError(await nonOkMessage(response));
  return (await response.json()) as MemoryList;
}

export async function forgetMemoryLine(id: string): Promise<void> {
  const response = await fetch(`/api/memory/${encodeURIComponent(id)}`, { method: 'DELETE' });
  if (!response.ok && response.status !== 404) throw new StudioError(await nonOkMessage(response));
}

/** Forgets every line; returns how many. */
export async function clearMemory(): Promise<number> {
  const response = await fetch('/api/memory', { method: 'DELETE' });
  if (!response.ok) throw new StudioError(await nonOkMessage(response));
  return ((await response.json()) as { forgotten: number }).forgotten;
}

export const MEMORY_EXPORT_URL = '/api/memory/export.tmx';
