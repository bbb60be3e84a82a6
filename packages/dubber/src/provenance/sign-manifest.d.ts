import { type ProvenanceManifest, type UnsignedManifest } from '@voxlate/core';
import { type SigningKey } from './signing-key.js';
/** Where a file's manifest lives: beside it, as `<file>.voxlate.json`. */
export declare function manifestPathOf(file: string): string;
export declare function signManifest(manifest: UnsignedManifest, key: SigningKey): ProvenanceManifest;
/** What checking a manifest against a file found. */
export interface ManifestCheck {
  /** The signature is valid for the manifest's own public key. */
  signatureValid: boolean;
  /** The file is the one the manifest describes (same sha256 and size). */
  fileMatches: boolean;
  /** The key is one the checker trusts (this installation's, or one it was given). */
  keyTrusted: boolean;
  keyId: string;
}
/**
 * Checks a manifest: its signature over its canonical JSON, the digest of the file it describes,
 * and whether the signing key is one of `trustedKeys` (raw base64url public keys). A valid
 * signature by an unknown key only proves the manifest was not altered since someone signed it.
 */
export declare function checkManifest(
  manifest: ProvenanceManifest,
  file: {
    sha256: string;
    bytes: number;
  },
  trustedKeys: readonly string[],
): ManifestCheck;
//# sourceMappingURL=sign-manifest.d.ts.map
