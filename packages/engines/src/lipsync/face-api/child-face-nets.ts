import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { EngineUnavailable, type Box, type Point } from '@voxlate/core';
import { spawnTied } from '@voxlate/process-lifetime';
import type { RgbImage } from '../frame-pictures.js';
import type { FaceNets } from './face-nets.js';
import { installFastConcat } from './fast-concat.js';
import { FACE_API_FILES } from './in-process-face-nets.js';

/**
 * The child's whole program: face-api's nets on tfjs's WebAssembly backend, which runs on one
 * thread, so a second process is what lets a second core look at faces. It reads requests on
 * stdin (a 4-byte little-endian header length, the JSON header, then the RGB pixels) and
 * answers each with one JSON line, in order. (A plain script, not a TypeScript module: a worker
 * file in TypeScript cannot be loaded by the same code under tsx, Vitest and the built output.)
 */
const CHILD_PROGRAM = `
const [entry, models, wasmDir] = process.argv.slice(1);
const api = require(entry);
const tf = api.tf;
const ready = (async () => {
  tf.setWasmPaths(wasmDir + '/');
  await tf.setBackend('wasm');
  await tf.ready();
  installFastConcat(tf);
  await api.nets.tinyFaceDetector.loadFromDisk(models);
  await api.nets.faceLandmark68Net.loadFromDisk(models);
  await api.nets.faceRecognitionNet.loadFromDisk(models);
  process.stdout.write(JSON.stringify({ ready: true }) + '\\n');
})();
ready.catch((error) => { process.stderr.write(String(error)); process.exit(1); });
async function run(header, pixels) {
  const input = tf.tensor3d(pixels, [header.height, header.width, 3], 'int32');
  try {
    if (header.op === 'detect') {
      const options = new api.TinyFaceDetectorOptions({ inputSize: header.inputSize, scoreThreshold: header.minScore });
      const found = await api.nets.tinyFaceDetector.locateFaces(input, options);
      return found.map((f) => ({ score: f.score, box: { x: f.box.x, y: f.box.y, width: f.box.width, height: f.box.height } }));
    }
    if (header.op === 'landmarks') {
      const found = await api.nets.faceLandmark68Net.detectLandmarks(input);
      return (Array.isArray(found) ? found[0] : found).positions.map((p) => ({ x: p.x, y: p.y }));
    }
    const found = await api.nets.faceRecognitionNet.computeFaceDescriptor(input);
    return Array.from(Array.isArray(found) ? found[0] : found);
  } finally {
    input.dispose();
  }
}
let chunks = [];
let buffered = 0;
// Bytes the message being read needs before it can be parsed further (its length prefix, then
// its header, then all of it): chunks are joined only then, once or twice a message.
let needed = 4;
let queue = ready;
function joined() {
  if (chunks.length > 1) chunks = [Buffer.concat(chunks)];
  return chunks[0];
}
function take() {
  for (;;) {
    if (buffered < needed) return;
    const all = joined();
    const headerLength = all.readUInt32LE(0);
    if (buffered < 4 + headerLength) { needed = 4 + headerLength; return; }
    const header = JSON.parse(all.subarray(4, 4 + headerLength).toString());
    const end = 4 + headerLength + header.width * header.height * 3;
    if (buffered < end) { needed = end; return; }
    const pixels = new Uint8Array(all.subarray(4 + headerLength, end));
    chunks = [all.subarray(end)];
    buffered -= end;
    needed = 4;
    queue = queue.then(() => run(header, pixels)).then(
      (result) => process.stdout.write(JSON.stringify({ id: header.id, result }) + '\\n'),
      (error) => process.stdout.write(JSON.stringify({ id: header.id, error: String((error && error.message) || error) }) + '\\n'),
    );
  }
}
process.stdin.on('data', (chunk) => { chunks.push(chunk); buffered += chunk.length; take(); });
process.stdin.on('end', () => queue.then(() => process.exit(0)));
// esbuild (tsx, Vitest) keeps function names with a __name helper of the module it compiled,
// which a function's source carried here does not bring: a stand-in that keeps the function.
var __name = (target) => target;
${installFastConcat.toString()}
`;

type Answer = { id: number; result?: unknown; error?: string } | { ready: true };

/** face-api's nets in a child process of their own (started on first use, kept warm). */
export class ChildFaceNets implements FaceNets {
  private child: ChildProcess | undefined;
  private started: Promise<void> | undefined;
  private readonly waiting = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  private nextId = 0;

  async detect(image: RgbImage, inputSize: number, minScore: number): Promise<{ box: Box; score: number }[]> {
    return (await this.ask('detect', image, { inputSize, minScore })) as { box: Box; score: number }[];
  }

  async landmarks(image: RgbImage): Promise<Point[]> {
    return (await this.ask('landmarks', image)) as Point[];
  }

  async describe(image: RgbImage): Promise<Float32Array> {
    return Float32Array.from((await this.ask('describe', image)) as number[]);
  }

  async close(): Promise<void> {
    const child = this.child;
    this.child = undefined;
    this.started = undefined;
    if (!child) return;
    child.stdin?.end();
    child.kill('SIGKILL');
    await new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('close', () => resolve())));
  }

  private async ask(op: string, image: RgbImage, extra: Record<string, number> = {}): Promise<unknown> {
    await this.start();
    const id = this.nextId++;
    const header = Buffer.from(JSON.stringify({ id, op, width: image.width, height: image.height, ...extra }));
    const length = Buffer.alloc(4);
    length.writeUInt32LE(header.length, 0);
    const answer = new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
    this.child!.stdin!.write(Buffer.concat([length, header]));
    this.child!.stdin!.write(image.pixels);
    return answer;
  }

  private start(): Promise<void> {
    this.started ??= new Promise<void>((resolve, reject) => {
      const child = spawnTied(
        process.execPath,
        ['-e', CHILD_PROGRAM, FACE_API_FILES.entry, FACE_API_FILES.models, FACE_API_FILES.wasmDir],
        {
          stdio: ['pipe', 'pipe', 'pipe'],
        },
      );
      this.child = child;
      let stderr = '';
      child.stderr?.setEncoding('utf8').on('data', (text: string) => (stderr = (stderr + text).slice(-2000)));
      child.stdin?.on('error', () => undefined);
      createInterface({ input: child.stdout! }).on('line', (line) => {
        const answer = JSON.parse(line) as Answer;
        if ('ready' in answer) return resolve();
        const waiter = this.waiting.get(answer.id);
        this.waiting.delete(answer.id);
        if (answer.error !== undefined) waiter?.reject(new EngineUnavailable(`Face analysis failed: ${answer.error}`));
        else waiter?.resolve(answer.result);
      });
      child.once('close', () => {
        const error = new EngineUnavailable(`The face analysis process stopped.${stderr ? ` ${stderr.trim()}` : ''}`);
        for (const waiter of this.waiting.values()) waiter.reject(error);
        this.waiting.clear();
        if (this.child === child) [this.child, this.started] = [undefined, undefined];
        reject(error);
      });
    });
    return this.started;
  }
}
