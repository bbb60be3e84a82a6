import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { descendantsOf, isAlive } from '@voxlate/process-lifetime';
import type { AbuseServices } from '../abuse-services.js';
import { formType, videoForm } from '../cases/form-data.js';
import type { BaseMedia } from '../cases/media-files.js';
import { requestBytes } from '../../../../apps/server/src/test/raw-http.js';
import { waitUntil, type ScenarioResult } from './scenario.js';

/**
 * kill -9 of the service in the middle of a job: its children (ffmpeg, pocketsphinx, Apertium
 * and its pipelines) must end with it, and the next start must remove the folders it left.
 */
export async function killAndRestart(services: AbuseServices, base: BaseMedia): Promise<ScenarioResult> {
  const doomed = services.process('service');
  const url = new URL(doomed.url);
  await new Promise<void>((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let seen = '';
    socket.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes('"phase":"Transcribing"')) resolve();
    });
    socket.on('error', () => resolve());
    socket.write(
      requestBytes(
        {
          method: 'POST',
          path: '/process-video',
          headers: formType(),
          body: videoForm(base.files.get('mp4')!, 'talk.mp4'),
        },
        url.host,
      ),
    );
  });
  const children = descendantsOf(doomed.pid);
  const leftFolders = readdirSync(doomed.tempRoot).length;
  process.kill(doomed.pid, 'SIGKILL');
  const childrenGone = await waitUntil(() => !children.some(isAlive), 10_000);
  await waitUntil(() => doomed.exited(), 5000);
  const next = await services.restart('service');
  const swept = readdirSync(next.tempRoot).length === 0;
  const healthy = (await fetch(`${next.url}/health`)).ok;
  return {
    name: 'kill -9 mid-job, then a restart',
    held: childrenGone && swept && healthy,
    detail:
      `${children.length} children at the kill, all ended: ${childrenGone ? 'yes' : `no (${children.filter(isAlive).length} alive)`}; ` +
      `${leftFolders} folders left, removed by the next start: ${swept ? 'yes' : 'no'}; restarted service healthy: ${healthy ? 'yes' : 'no'}`,
  };
}
