export * from './app.js';
export * from './config.js';
export { STATUS_BY_CODE } from './http/error-response.js';
export { mostFieldsOf } from './requests/receive-upload.js';
