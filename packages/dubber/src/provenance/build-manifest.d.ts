import { type DubRequest, type DubRun, type FileDigest, type ToolInfo, type UnsignedManifest } from '@voxlate/core';
/** The manifest of a finished dub, before it is signed. */
export declare function buildManifest(parts: {
  request: DubRequest;
  run: DubRun;
  input: FileDigest;
  output: FileDigest;
  tool: ToolInfo;
  created: Date;
}): UnsignedManifest;
//# sourceMappingURL=build-manifest.d.ts.map
