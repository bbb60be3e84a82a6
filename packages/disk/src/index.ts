export * from './atomic-write.js';
export * from './folder-locks.js';
export * from './json-folder.js';
