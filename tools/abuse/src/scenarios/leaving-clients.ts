import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import type { AbuseServices } from '../abuse-services.js';
import { formType, videoForm } from '../cases/form-data.js';
import type { BaseMedia } from '../cases/media-files.js';
import { requestBytes } from '../../../../apps/server/src/test/raw-http.js';
import { waitUntil, type ScenarioResult } from './scenario.js';

/** 3 video streams whose clients go away mid-job: each job is aborted and its folder removed. */
export async function leavingClients(services: AbuseServices, base: BaseMedia): Promise<ScenarioResult> {
  const url = new URL(services.url('service'));
  const video = base.files.get('mp4')!;
  const leave = (): Promise<boolean> =>
    new Promise((resolve) => {
      const socket = connect(Number(url.port), url.hostname);
      let seen = '';
      socket.on('data', (chunk: Buffer) => {
        seen += chunk.toString();
        if (/"phase":"(Finding speech|Transcribing|Translating)"/.test(seen)) {
          socket.destroy();
          resolve(true);
        }
      });
      socket.on('error', () => resolve(false));
      socket.on('close', () => resolve(false));
      socket.write(
        requestBytes(
          { method: 'POST', path: '/process-video', headers: formType(), body: videoForm(video, 'talk.mp4') },
          url.host,
        ),
      );
    });
  const left = await Promise.all([leave(), leave(), leave()]);
  await services.settle(30_000);
  const root = services.process('service').tempRoot;
  const clean = await waitUntil(() => readdirSync(root).length === 0, 15_000);
  // Any folder fails it, whoever made it: a request that never ended is as much a leak as a job.
  const remaining = clean ? '' : ` (left: ${readdirSync(root).join(', ')})`;
  return {
    name: '3 video streams whose clients leave mid-job',
    held: left.every(Boolean) && clean,
    detail: `${left.filter(Boolean).length} left mid-job; jobs aborted and folders removed: ${clean ? 'yes' : 'no'}${remaining}`,
  };
}
