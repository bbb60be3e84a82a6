import { addressOf, Routes, type Session } from '@voxlate/contract';
import { jsonAnswer, nonOkMessage, StudioError } from './api.js';

export type { Session };

/** Whether the service asks for a key, and the workspace this browser is signed in to. */
export async function fetchSession(signal?: AbortSignal): Promise<Session> {
  return jsonAnswer<Session>(await fetch(addressOf(Routes.getSession), signal ? { signal } : {}));
}

/** Signs in with a key: the service keeps it in an HttpOnly cookie (this page never stores it). */
export async function signIn(key: string): Promise<Session> {
  const response = await fetch(addressOf(Routes.signIn), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: key.trim() }),
  });
  return jsonAnswer<Session>(response);
}

export async function signOut(): Promise<void> {
  const response = await fetch(addressOf(Routes.signOut), { method: 'DELETE' });
  if (!response.ok) throw new StudioError(await nonOkMessage(response));
}
