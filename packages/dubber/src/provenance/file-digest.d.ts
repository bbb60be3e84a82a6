import type { FileDigest } from '@voxlate/core';
/** sha256 and size of a file, read as a stream (outputs can be hundreds of MB). */
export declare function digestOf(path: string): Promise<FileDigest>;
export declare function digestOfText(text: string): FileDigest;
//# sourceMappingURL=file-digest.d.ts.map
