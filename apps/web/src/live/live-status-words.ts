import type { LiveState } from './use-live-session.js';

/**
 * What the status line says in each phase. A session that failed before anything was heard (no
 * microphone, the service refused) did not run: the alert says why, and the line does not say
 * that a session ended.
 */
export function liveStatusWords(
  state: Pick<LiveState, 'phase' | 'error' | 'lines'>,
  sourceName: string,
  targetName: string,
): string {
  if (state.phase === 'ended' && state.error !== undefined && state.lines.length === 0) return '';
  const words: Record<LiveState['phase'], string> = {
    idle: `Press Start speaking and allow the microphone: ${sourceName} in, ${targetName} out.`,
    starting: 'Loading the engines…',
    live: 'Listening. Pause briefly at the end of a sentence: that is when it is translated.',
    ending: 'Finishing the last lines…',
    ended: 'The session has ended.',
  };
  return words[state.phase];
}
