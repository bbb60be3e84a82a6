export * from './api-keys.js';
export * from './workspace-data.js';
export * from './workspace-libraries.js';
export * from './glossary/disk-glossaries.js';
export * from './memory/disk-translation-memory.js';
export * from './memory/tmx.js';
export * from './voices/disk-voice-library.js';
export * from './workspace-client.js';
