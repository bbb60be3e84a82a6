import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { basename, join } from 'node:path';
import { treeRss } from '@voxlate/process-lifetime';
import { ffmpeg } from '../../../../packages/dubber/src/test/make-media.js';
import type { AbuseServices } from '../abuse-services.js';
import { formType, translateForm } from '../cases/form-data.js';
import type { BaseMedia } from '../cases/media-files.js';
import { requestBytes } from '../../../../apps/server/src/test/raw-http.js';
import { waitUntil, type ScenarioResult } from './scenario.js';

/**
 * 3 clients that never read their answer (a 2-minute 48 kHz stereo WAV, 31 MB of base64 each):
 * the service holds a socket buffer for each, not the answer, and drops them after its write
 * timeout (5 s here).
 */
export async function slowReaders(services: AbuseServices, base: BaseMedia): Promise<ScenarioResult> {
  const long = join(base.dir, 'two-minutes.wav');
  ffmpeg`-i ${base.speechWav} -af apad=whole_dur=120 -ar 48000 -ac 2 ${long}`;
  const url = new URL(services.url('service'));
  const bytes = requestBytes(
    { method: 'POST', path: '/translate', headers: formType(), body: translateForm(readFileSync(long), 'long.wav') },
    url.host,
  );
  const pid = services.process('service').pid;
  const before = treeRss(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, treeRss(pid))), 100);
  let uploaded = 0;
  const sockets: Socket[] = [0, 1, 2].map(() => {
    const socket = connect(Number(url.port), url.hostname);
    socket.on('error', () => undefined);
    // Called once the service has read all but the kernel's buffers of it (or refused it). Until
    // then it may have no job in flight and no folder yet, and would look settled and clean: on
    // a loaded machine the scenario once "held" that way, before its uploads had arrived.
    socket.write(bytes, () => void uploaded++);
    socket.pause();
    return socket;
  });
  await waitUntil(() => uploaded === sockets.length, 120_000);
  await services.settle(300_000);
  const dropped = await waitUntil(() => services.foldersLeft().length === 0, 60_000);
  clearInterval(sampler);
  for (const socket of sockets) socket.destroy();
  const grewMb = Math.round((peak - before) / 1e6);
  const remaining = dropped
    ? ''
    : ` (folders left: ${services
        .foldersLeft()
        .map((path) => basename(path))
        .join(', ')})`;
  return {
    name: '3 clients that never read a 31 MB answer',
    held: dropped,
    detail: `service tree grew by at most ${grewMb} MB while 3 answers waited (jobs included); dropped after the write timeout: ${dropped ? 'yes' : 'no'}${remaining}`,
  };
}
