export * from './atomic-write.js';
export * from './disk-job-store.js';
export * from './job-id.js';
export * from './job-record.js';
