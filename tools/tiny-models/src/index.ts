export * from './onnx-graph.js';
export * from './tiny-vits.js';
