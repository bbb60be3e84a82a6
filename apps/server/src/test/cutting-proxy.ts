import { connect, createServer, type Socket } from 'node:net';

/** A loopback TCP proxy in front of Redis that cuts connections at one chosen moment. */
export interface CuttingProxy {
  url: string;
  /** Connections cut so far. */
  cuts(): number;
  stop(): Promise<void>;
}

/** A client's INFO command as ioredis writes it (its ready check, and BullMQ's version check). */
const INFO_COMMAND = /\r\ninfo\r\n/i;

/**
 * Forwards to Redis at `targetPort`, except that a connection sending its second INFO command
 * (the first is ioredis's own ready check, the second BullMQ's version check as it starts a
 * queue) is cut there, and connecting is refused for `downForMs` after the first cut: Redis
 * going away at the awkward moment just after a client found it ready. From `downForMs` after the
 * first cut on, everything is forwarded.
 */
export async function startCuttingProxy(targetPort: number, downForMs: number): Promise<CuttingProxy> {
  const open = new Set<Socket>();
  let firstCutAt: number | undefined;
  let cuts = 0;
  const cutting = (): boolean => firstCutAt === undefined || Date.now() - firstCutAt < downForMs;

  const server = createServer((client) => {
    const redis = connect(targetPort, '127.0.0.1');
    open.add(client).add(redis);
    let infos = 0;
    const close = (): void => {
      client.destroy();
      redis.destroy();
      open.delete(client);
      open.delete(redis);
    };
    client.on('data', (chunk: Buffer) => {
      if (INFO_COMMAND.test(chunk.toString('latin1')) && ++infos === 2 && cutting()) {
        if (firstCutAt === undefined) {
          firstCutAt = Date.now();
          refuseFor(downForMs);
        }
        cuts += 1;
        close();
        return;
      }
      redis.write(chunk);
    });
    redis.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('close', close).on('error', close);
    redis.on('close', close).on('error', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  let stopped = false;
  // Not listening: connecting is refused (ECONNREFUSED), as with a Redis that is not running.
  const refuseFor = (ms: number): void => {
    server.close();
    setTimeout(() => stopped || server.listen(port, '127.0.0.1'), ms).unref();
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    cuts: () => cuts,
    stop: async () => {
      stopped = true;
      for (const socket of open) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}
