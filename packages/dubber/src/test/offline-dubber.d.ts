import { Dubber } from '../dubber.js';
/**
 * A dubber with the installation's offline engines and no opt-in voices (a machine with
 * MBROLA installed still dubs as CI's does), its jobs and data inside `root`.
 */
export declare function offlineTestDubber(root: string): Dubber;
//# sourceMappingURL=offline-dubber.d.ts.map
