import { mkdir } from 'node:fs/promises';
import { sweepOrphanedTempDirs } from '@voxlate/process-lifetime';
import { Dubber } from '@voxlate/dubber';
import { ApiKeys } from '@voxlate/workspace';
import { listenRefusal } from './access/listen-guard.js';
import { folderProblem, serviceFolders } from './requests/writable-folders.js';
import { buildApp } from './app.js';
import { serverConfigFromEnv } from './config.js';

const config = serverConfigFromEnv();
const dubber = new Dubber();
// A first start makes its data folder; one that cannot be made or written is said before anything runs.
await mkdir(dubber.config.dataDir, { recursive: true }).catch(() => undefined);
const refusal =
  (await folderProblem(serviceFolders(dubber.config.dataDir, config.tempRoot))) ??
  listenRefusal(config, await new ApiKeys(dubber.config.dataDir).required());
if (refusal) {
  console.error(refusal);
  process.exit(2);
}
// Request and job folders of a service that died without cleaning up (kill -9, a crash).
const orphans = await sweepOrphanedTempDirs(config.tempRoot);
const app = await buildApp(config, dubber);
if (orphans.length > 0) app.log.info({ removed: orphans }, 'removed folders left by processes that no longer run');

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
