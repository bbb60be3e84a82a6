export * from './app.js';
export * from './config.js';
