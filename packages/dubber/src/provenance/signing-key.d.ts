import { type KeyObject } from 'node:crypto';
/** The Ed25519 key an installation signs its dubs' manifests with. */
export interface SigningKey {
  privateKey: KeyObject;
  /** Raw 32-byte public key, base64url (JWK `x`). */
  publicKey: string;
  keyId: string;
}
/**
 * The installation's signing key, from `<dataDir>/provenance-ed25519.pem` (PKCS#8, readable by
 * its owner only), created there on first use. Creation is atomic (written aside, then hard-linked
 * into place, which fails if another process got there first), so a CLI and a service starting
 * together end up with one key.
 */
export declare function loadOrCreateSigningKey(dataDir: string): SigningKey;
export declare function rawPublicKey(key: KeyObject): string;
/** The first 16 hex digits of the sha256 of the raw public key. */
export declare function keyIdOf(publicKey: string): string;
/** A public key object from its raw base64url form. */
export declare function publicKeyFrom(raw: string): KeyObject;
//# sourceMappingURL=signing-key.d.ts.map
