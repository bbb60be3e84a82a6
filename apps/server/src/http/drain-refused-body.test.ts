import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { drainRefusedBody } from './drain-refused-body.js';

/** A request body still arriving: a stream the test writes into. */
function arrivingBody(): PassThrough & { complete: boolean } {
  return Object.assign(new PassThrough(), { complete: false });
}
const asRequest = (body: PassThrough): IncomingMessage => body as unknown as IncomingMessage;

describe('drainRefusedBody', () => {
  it('reads the rest of the body and resolves at its end', async () => {
    const body = arrivingBody();
    const drained = drainRefusedBody(asRequest(body), { ms: 5000, bytes: 1e6 });
    body.write(Buffer.alloc(1000));
    body.end(Buffer.alloc(1000));
    await drained;
    expect(body.readableEnded).toBe(true);
  });

  it('stops waiting after its time limit for a body that does not end', async () => {
    const body = arrivingBody();
    const started = Date.now();
    await drainRefusedBody(asRequest(body), { ms: 100, bytes: 1e6 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(body.readableEnded).toBe(false);
  });

  it('stops waiting once its byte limit has been read', async () => {
    const body = arrivingBody();
    const drained = drainRefusedBody(asRequest(body), { ms: 60_000, bytes: 4096 });
    body.write(Buffer.alloc(5000));
    await drained;
    expect(body.readableEnded).toBe(false);
  });

  it('does not wait for a body that is already whole', async () => {
    const body = Object.assign(new PassThrough(), { complete: true });
    await drainRefusedBody(asRequest(body), { ms: 60_000, bytes: 1 });
  });
});
