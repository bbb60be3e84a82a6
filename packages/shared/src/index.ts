export * from './subtitle-files.js';
export * from './worst-lines.js';
export * from './live-reader.js';
export * from './live-lag.js';
export * from './live-cues.js';
