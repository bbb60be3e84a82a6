import { Dubber } from '@voxlate/runtime';
import { buildApp } from './app.js';

const port = Number(process.env['PORT'] ?? 5001);
const host = process.env['HOST'] ?? '127.0.0.1';
const dubber = new Dubber();
const app = buildApp(dubber);

async function shutdown(): Promise<void> {
  await app.close();
  await dubber.close();
  process.exit(0);
}

process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
await app.listen({ port, host });
