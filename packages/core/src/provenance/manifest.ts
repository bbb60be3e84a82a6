import type { LanguageCode } from '../languages.js';
import type { OutputContainer } from '../media.js';
import type { EngineIds } from '../timeline.js';
import type { ToolInfo } from './output-tags.js';
import type { VoiceProvenance } from './cloned-voices.js';

export const MANIFEST_FORMAT = 'voxlate-provenance/1';
export const SYNTHETIC_STATEMENT =
  'This media was dubbed by machine: the speech in it is synthetic, made from a translation of the original.';

/** A file named by its content. */
export interface FileDigest {
  sha256: string;
  bytes: number;
}

/**
 * The provenance manifest of one dub: what was made, from what, how, by which engines, and when;
 * signed with the Ed25519 key of the Voxlate installation that made it. Written beside the output
 * as `<output>.voxlate.json` and carried in the service's answers.
 */
export interface ProvenanceManifest {
  format: typeof MANIFEST_FORMAT;
  synthetic: true;
  statement: string;
  tool: ToolInfo;
  created: string;
  output: FileDigest & { container: OutputContainer };
  input: FileDigest;
  request: {
    sourceLanguage: LanguageCode;
    targetLanguage: LanguageCode;
    /** Subtitles were given as the source (their digest), instead of recognition. */
    transcript?: FileDigest;
    options: Record<string, unknown>;
  };
  /** Engines that served some line, per task. */
  engines: Partial<Record<keyof EngineIds, string[]>>;
  /** The voice the dub speaks in; `cloned` says whose voices were cloned and by what. */
  voice: VoiceProvenance;
  signature: ManifestSignature;
}

export interface ManifestSignature {
  algorithm: 'Ed25519';
  /** The raw 32-byte public key, base64url (JWK `x`). */
  publicKey: string;
  /** The first 16 hex digits of the public key's sha256, to name the key in messages. */
  keyId: string;
  /** Over the canonical JSON of the manifest without its signature, base64. */
  value: string;
}

export type UnsignedManifest = Omit<ProvenanceManifest, 'signature'>;
