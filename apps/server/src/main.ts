import { Dubber } from '@voxlate/runtime';
import { buildApp } from './app.js';
import { serverConfigFromEnv } from './config.js';

const config = serverConfigFromEnv();
const app = await buildApp(config, new Dubber());

let closing = false;
async function shutdown(): Promise<void> {
  if (closing) return;
  closing = true;
  await app.close();
  process.exit(0);
}

process.once('SIGINT', () => void shutdown());
process.once('SIGTERM', () => void shutdown());
const address = await app.listen({ port: config.port, host: config.host });
// Tests and scripts read this line to find the service.
console.log(`Voxlate listening on ${address}`);
