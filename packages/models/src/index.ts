export * from './download-file.js';
export * from './model-catalog.js';
export * from './model-errors.js';
export * from './model-manager.js';
