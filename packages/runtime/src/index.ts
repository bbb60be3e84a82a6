export * from './config.js';
export * from './dubber.js';
