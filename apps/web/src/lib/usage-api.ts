import { addressOf, Routes, type AnswerOf } from '@voxlate/contract';
import { answerOf } from './api.js';

/** The workspace's month against its plan (the usage route's answer). */
export type Usage = AnswerOf<typeof Routes.getUsage>;

export async function fetchUsage(signal?: AbortSignal): Promise<Usage> {
  return answerOf(Routes.getUsage, await fetch(addressOf(Routes.getUsage), signal ? { signal } : {}));
}
