import { addressOf, Routes, type AnswerOf } from '@voxlate/contract';
import { answerOf, nonOkMessage, StudioError } from './api.js';

/** Whether keys are asked for, and who is signed in (the session route's answer). */
export type Session = AnswerOf<typeof Routes.getSession>;

/** Whether the service asks for a key, and the workspace this browser is signed in to. */
export async function fetchSession(signal?: AbortSignal): Promise<Session> {
  return answerOf(Routes.getSession, await fetch(addressOf(Routes.getSession), signal ? { signal } : {}));
}

/** Signs in with a key: the service keeps it in an HttpOnly cookie (this page never stores it). */
export async function signIn(key: string): Promise<Session> {
  const response = await fetch(addressOf(Routes.signIn), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ key: key.trim() }),
  });
  return answerOf(Routes.signIn, response);
}

export async function signOut(): Promise<void> {
  const response = await fetch(addressOf(Routes.signOut), { method: 'DELETE' });
  if (!response.ok) throw new StudioError(await nonOkMessage(response));
}
