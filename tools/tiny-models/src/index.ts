export * from './onnx-graph.js';
export * from './tiny-vits.js';
export * from './tiny-whisper.js';
export * from './tiny-seq2seq.js';
export * from './tiny-piper.js';
export * from './tiny-kokoro.js';
export * from './tiny-mdx.js';
