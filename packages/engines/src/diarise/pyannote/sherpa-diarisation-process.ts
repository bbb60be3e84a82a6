import { createRequire } from 'node:module';
import { Cancelled, EngineUnavailable, whenAborted } from '@voxlate/core';
import { spawnTied } from '@voxlate/process-lifetime';

/** One stretch of one speaker, as sherpa-onnx's OfflineSpeakerDiarization returns it. */
export interface SherpaSegment {
  start: number;
  end: number;
  speaker: number;
}

export interface SherpaDiarisationConfig {
  segmentationModel: string;
  embeddingModel: string;
  /** A known number of speakers, or -1 to find it with `threshold`. */
  numClusters: number;
  /** Cosine distance under which two embeddings are one speaker (sherpa-onnx's default 0.5). */
  threshold: number;
  numThreads: number;
}

/**
 * The child's whole program. sherpa-onnx's `process()` is synchronous native code: in the
 * service's process it would hold the event loop for minutes on a long file, and a native
 * crash would take every job down with it. A child process keeps both away, and SIGKILL stops
 * it at once on cancel. It reads 16 kHz mono float samples on stdin and writes the segments as
 * JSON. (A plain script, not a TypeScript module: a worker file in TypeScript cannot be loaded
 * by the same code under tsx, Vitest and the built output.)
 */
const CHILD_PROGRAM = `
const sherpa = require(process.argv[1]);
const settings = JSON.parse(process.argv[2]);
const diariser = new sherpa.OfflineSpeakerDiarization({
  segmentation: { pyannote: { model: settings.segmentationModel }, numThreads: settings.numThreads, debug: 0 },
  embedding: { model: settings.embeddingModel, numThreads: settings.numThreads, debug: 0 },
  clustering: { numClusters: settings.numClusters, threshold: settings.threshold },
  minDurationOn: 0.3,
  minDurationOff: 0.5,
});
if (diariser.sampleRate !== 16000) throw new Error('the segmentation model expects ' + diariser.sampleRate + ' Hz');
const parts = [];
process.stdin.on('data', (part) => parts.push(part));
process.stdin.on('end', () => {
  const bytes = Buffer.concat(parts);
  const samples = new Float32Array(bytes.length / 4);
  Buffer.from(samples.buffer).set(bytes.subarray(0, samples.length * 4));
  const segments = diariser.process(samples).map((s) => ({ start: s.start, end: s.end, speaker: s.speaker }));
  process.stdout.write(JSON.stringify(segments));
});
`;

const sherpaEntry = createRequire(import.meta.url).resolve('sherpa-onnx-node');

/** Runs sherpa-onnx's diarisation on 16 kHz mono samples in a child process. */
export function runSherpaDiarisation(
  config: SherpaDiarisationConfig,
  samples: Float32Array,
  signal: AbortSignal | undefined,
): Promise<SherpaSegment[]> {
  return new Promise((resolve, reject) => {
    const child = spawnTied(process.execPath, ['-e', CHILD_PROGRAM, sherpaEntry, JSON.stringify(config)], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    let log = '';
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (log = (log + chunk).slice(-4000)));
    const stopOnAbort = whenAborted(signal, () => void child.kill('SIGKILL'));
    child.stdin?.on('error', () => undefined);
    child.stdin?.end(Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
    child.once('error', (error) =>
      reject(new EngineUnavailable('The diarisation process could not start.', String(error))),
    );
    child.once('close', (code) => {
      stopOnAbort();
      if (signal?.aborted) return reject(new Cancelled());
      if (code !== 0) return reject(new EngineUnavailable(`sherpa-onnx diarisation failed (exit ${code}).`, log));
      try {
        resolve(JSON.parse(output) as SherpaSegment[]);
      } catch {
        reject(new EngineUnavailable('sherpa-onnx diarisation gave no readable answer.', log));
      }
    });
  });
}
