import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { LiveSession } from '@voxlate/core';
import { LiveConnection } from './live-connection.js';

/** A socket that keeps what is sent to it, with as much left unread as the test says. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  sent: unknown[] = [];
  closedWith: { code: number; reason: string } | undefined;
  send(data: unknown): void {
    this.sent.push(data);
  }
  close(code: number, reason: string): void {
    this.closedWith = { code, reason };
    this.readyState = 3;
    this.emit('close', code, Buffer.from(reason));
  }
  messages(): { type: string; error?: string }[] {
    return this.sent.filter((data) => typeof data === 'string').map((data) => JSON.parse(data) as { type: string });
  }
}

/** A session that counts what it is given. */
function fakeSession(): LiveSession & { pushed: number; cancelled: boolean } {
  const session = {
    pushed: 0,
    cancelled: false,
    get received() {
      return session.pushed / 16000;
    },
    push(samples: Float32Array) {
      session.pushed += samples.length;
      return Promise.resolve();
    },
    end: () => Promise.resolve(),
    cancel() {
      session.cancelled = true;
      return Promise.resolve();
    },
  };
  return session as unknown as LiveSession & { pushed: number; cancelled: boolean };
}

const silent = { warn: () => undefined, error: () => undefined, info: () => undefined } as unknown as FastifyBaseLogger;
const limits = { leadSeconds: 5, unreadBytes: 1000, idleMs: 60_000 };
const frame = Buffer.alloc(1280); // 40 ms

function connect(): { socket: FakeSocket; session: ReturnType<typeof fakeSession>; over: Promise<void> } {
  const socket = new FakeSocket();
  const session = fakeSession();
  const connection = new LiveConnection(socket as unknown as WebSocket, session, silent, limits);
  return { socket, session, over: connection.run() };
}

describe('LiveConnection', () => {
  it('lets go of a client that stops reading, and stops its session', async () => {
    const { socket, session, over } = connect();
    socket.emit('message', frame, true);
    await new Promise((resolve) => setImmediate(resolve));
    socket.bufferedAmount = 1001;
    socket.emit('message', frame, true);
    await over;
    expect(socket.closedWith?.code).toBe(1008);
    expect(socket.messages().at(-1)?.error).toMatch(/not reading/);
    expect(session.pushed).toBe(640);
    expect(session.cancelled).toBe(true);
  });

  it('refuses audio that runs further ahead of real time than allowed', async () => {
    const { socket, session, over } = connect();
    for (let k = 0; k < 200; k++) socket.emit('message', frame, true); // 8 s at once
    await over;
    expect(socket.closedWith?.code).toBe(1008);
    expect(socket.messages().at(-1)?.error).toMatch(/faster than real time/);
    // Up to the lead it was taken, and nothing after the refusal.
    expect(session.pushed / 16000).toBeGreaterThan(4.5);
    expect(session.pushed / 16000).toBeLessThanOrEqual(5);
  });

  it('pushes every frame sent before the end, however far behind the session is', async () => {
    const socket = new FakeSocket();
    const session = fakeSession();
    const slowPush = session.push.bind(session);
    session.push = async (samples) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return slowPush(samples);
    };
    const over = new LiveConnection(socket as unknown as WebSocket, session, silent, limits).run();
    for (let k = 0; k < 20; k++) socket.emit('message', frame, true);
    socket.emit('message', Buffer.from('{"type":"end"}'), false);
    socket.emit('message', frame, true); // after the end: not taken
    await over;
    expect(session.pushed).toBe(20 * 640);
    expect(socket.messages().at(-1)?.type).toBe('done');
    expect(socket.closedWith?.code).toBe(1000);
  });

  it('refuses half a sample and any text but the end', async () => {
    for (const [data, binary, error] of [
      [Buffer.alloc(3), true, /whole 16-bit samples/],
      [Buffer.from('{"type":"pause"}'), false, /must be \{"type":"end"\}/],
    ] as const) {
      const { socket, over } = connect();
      socket.emit('message', data, binary);
      await over;
      expect(socket.closedWith?.code).toBe(1008);
      expect(socket.messages().at(-1)?.error).toMatch(error);
    }
  });
});
