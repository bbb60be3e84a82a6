import type { RawData, WebSocket } from 'ws';
import { check, LiveKey } from '@voxlate/contract';
import { scopeAllows, type ApiKeys, type KeyCheck, type WorkspaceRef } from '@voxlate/workspace';
import { keyRefusal, outOfScope } from '../access/refusals.js';
import { bytesOf } from './live-connection.js';

/** How long a live socket that carried no key waits for it as its first message. */
export const KEY_MESSAGE_WAIT_MS = 10_000;

/** A message the client sent after its key, before the session took over: handed to it in order. */
export interface EarlyFrame {
  data: RawData;
  isBinary: boolean;
}

/** The workspace a live socket's first message opens, and what came after it until the session starts. */
export interface KeyedSocket {
  workspace: WorkspaceRef;
  early: EarlyFrame[];
  /** Stops keeping messages (the session reads them from then on). */
  handOver(): EarlyFrame[];
}

/**
 * The key of a live socket whose request carried none, as its first message
 * `{"type":"key","key":"..."}`, within `waitMs`. Anything else first, a wrong key or silence is
 * an Error to refuse the socket with. The socket is paused again once the key is read; frames
 * already on their way are kept for the session, so nothing the client sent early is lost.
 */
export function keyFromFirstMessage(
  socket: WebSocket,
  keys: ApiKeys,
  waitMs = KEY_MESSAGE_WAIT_MS,
): Promise<KeyedSocket | Error> {
  return new Promise((resolve) => {
    const early: EarlyFrame[] = [];
    let first = true;
    const timer = setTimeout(() => finish(new Error(`No key came within ${waitMs / 1000} s. ${HOW}`)), waitMs);
    const keep = (data: RawData, isBinary: boolean): void => {
      if (!first) return void early.push({ data, isBinary });
      first = false;
      socket.pause();
      const key = isBinary ? undefined : keyOf(data);
      if (key === undefined) return finish(new Error(`The first message must be the key. ${HOW}`));
      void keys.check(key).then(
        (checked) => finish(liveWorkspaceOf(checked)),
        (error: unknown) => finish(error instanceof Error ? error : new Error(String(error))),
      );
    };
    const gone = (): void => finish(new Error('The client left before sending its key.'));
    const finish = (outcome: WorkspaceRef | Error): void => {
      clearTimeout(timer);
      socket.off('close', gone);
      if (outcome instanceof Error) {
        socket.off('message', keep);
        return resolve(outcome);
      }
      resolve({
        workspace: outcome,
        early,
        handOver: () => {
          socket.off('message', keep);
          return early;
        },
      });
    };
    socket.on('message', keep);
    socket.once('close', gone);
    socket.resume();
  });
}

const HOW =
  'Send {"type":"key","key":"<API key>"} first, or the key in the Authorization header or the subprotocol ' +
  '"voxlate-key.<key>" beside "voxlate".';

function keyOf(data: RawData): string | undefined {
  try {
    const message = check(LiveKey, JSON.parse(bytesOf(data).toString('utf8')) as unknown);
    return message.ok ? message.value.key : undefined;
  } catch {
    return undefined;
  }
}

/** The workspace a key sent on the socket opens for a live session (which dubs), or why not. */
function liveWorkspaceOf(checked: KeyCheck): WorkspaceRef | Error {
  if (!checked.valid) return new Error(keyRefusal(checked));
  if (!scopeAllows(checked.scope, 'dub')) return new Error(outOfScope(checked.scope, 'dub').message);
  return checked.workspace;
}
