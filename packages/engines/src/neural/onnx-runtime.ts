import { createRequire } from 'node:module';

/**
 * onnxruntime-node for engines that drive it directly. Its telemetry is turned off before the
 * native library loads: ONNX Runtime 1.30 on Linux otherwise writes `.ses` and
 * `mat-debug-<pid>.log` into the temp folder of every process that opens a session (and tries
 * to report usage). transformers.js does the same before it loads the library.
 */
process.env['ORT_DISABLE_TELEMETRY'] = '1';
const ort = createRequire(import.meta.url)('onnxruntime-node') as typeof import('onnxruntime-node');

export default ort;
export type { InferenceSession, Tensor } from 'onnxruntime-node';
