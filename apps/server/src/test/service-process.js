import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
const ROOT = join(import.meta.dirname, '../../../..');
export async function startService(env = {}) {
  const tempRoot = mkdtempSync(join(tmpdir(), 'voxlate-service-test-'));
  const child = spawn('node', ['--conditions=source', '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      VOXLATE_TMPDIR: tempRoot,
      VOXLATE_RATE_TRANSLATE: '1000',
      VOXLATE_RATE_VIDEO: '1000',
      VOXLATE_RATE_URL: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await listeningUrl(child);
  return {
    url,
    pid: child.pid,
    tempRoot,
    rss: () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) * 1024,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
function listeningUrl(child) {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`service did not start: ${output}`)), 60_000);
    const onData = (chunk) => {
      output += chunk.toString();
      const match = /Voxlate listening on (http:\/\/\S+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`service exited with ${code}: ${output}`)));
  });
}
/** A multipart form from fields and files on disk, for fetch. */
export async function form(fields, files = {}) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  for (const [name, path] of Object.entries(files)) {
    data.append(name, new Blob([readFileSync(path)]), path.split('/').pop());
  }
  return Promise.resolve(data);
}
/** Splits an SSE body into its events; comments are returned separately. */
export function parseSse(body) {
  const events = [];
  const comments = [];
  const malformed = [];
  for (const block of body.split('\n\n')) {
    if (block === '') continue;
    if (block.startsWith(':')) comments.push(block);
    else if (block.startsWith('data: ') && !block.slice(6).includes('\n')) events.push(JSON.parse(block.slice(6)));
    else malformed.push(block);
  }
  return { events, comments, malformed };
}
//# sourceMappingURL=service-process.js.map
