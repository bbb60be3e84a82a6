import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const KEY_FILE = 'provenance-ed25519.pem';

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
export function loadOrCreateSigningKey(dataDir: string): SigningKey {
  const path = join(dataDir, KEY_FILE);
  try {
    return keyFrom(readFileSync(path, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const pem = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
  const aside = `${path}.${process.pid}.tmp`;
  writeFileSync(aside, pem, { mode: 0o600 });
  chmodSync(aside, 0o600);
  try {
    linkSync(aside, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(aside, { force: true });
  }
  return keyFrom(readFileSync(path, 'utf8'));
}

function keyFrom(pem: string): SigningKey {
  const privateKey = createPrivateKey(pem);
  const publicKey = rawPublicKey(createPublicKey(privateKey));
  return { privateKey, publicKey, keyId: keyIdOf(publicKey) };
}

export function rawPublicKey(key: KeyObject): string {
  const { x } = key.export({ format: 'jwk' });
  if (typeof x !== 'string') throw new Error('not an Ed25519 key');
  return x;
}

/** The first 16 hex digits of the sha256 of the raw public key. */
export function keyIdOf(publicKey: string): string {
  return createHash('sha256').update(Buffer.from(publicKey, 'base64url')).digest('hex').slice(0, 16);
}

/** A public key object from its raw base64url form. */
export function publicKeyFrom(raw: string): KeyObject {
  return createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: raw }, format: 'jwk' });
}
