export * from './config.js';
export * from './dubber.js';
export * from './product.js';
export * from './provenance/file-digest.js';
export * from './provenance/sign-manifest.js';
export * from './provenance/signing-key.js';
export * from './live/open-live-session.js';
export * from './publish/youtube-package.js';
