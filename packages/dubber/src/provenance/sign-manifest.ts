import { sign, verify } from 'node:crypto';
import { canonicalJson, type ProvenanceManifest, type UnsignedManifest } from '@voxlate/core';
import { keyIdOf, publicKeyFrom, type SigningKey } from './signing-key.js';

/** Where a file's manifest lives: beside it, as `<file>.voxlate.json`. */
export function manifestPathOf(file: string): string {
  return `${file}.voxlate.json`;
}

export function signManifest(manifest: UnsignedManifest, key: SigningKey): ProvenanceManifest {
  const value = sign(null, Buffer.from(canonicalJson(manifest)), key.privateKey).toString('base64');
  return { ...manifest, signature: { algorithm: 'Ed25519', publicKey: key.publicKey, keyId: key.keyId, value } };
}

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
export function checkManifest(
  manifest: ProvenanceManifest,
  file: { sha256: string; bytes: number },
  trustedKeys: readonly string[],
): ManifestCheck {
  const { signature, ...unsigned } = manifest;
  let signatureValid = false;
  try {
    signatureValid =
      signature.algorithm === 'Ed25519' &&
      verify(
        null,
        Buffer.from(canonicalJson(unsigned)),
        publicKeyFrom(signature.publicKey),
        Buffer.from(signature.value, 'base64'),
      );
  } catch {
    signatureValid = false;
  }
  return {
    signatureValid,
    fileMatches: manifest.output.sha256 === file.sha256 && manifest.output.bytes === file.bytes,
    keyTrusted: trustedKeys.includes(signature.publicKey),
    keyId: keyIdOf(signature.publicKey),
  };
}
