export * from './owned-temp-dir.js';
export * from './process-identity.js';
export * from './process-tree.js';
export * from './tied-spawn.js';
