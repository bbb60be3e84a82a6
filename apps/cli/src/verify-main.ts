import { readFile } from 'node:fs/promises';
import type { ProvenanceManifest } from '@voxlate/core';
import {
  checkManifest,
  dataDirFromEnv,
  digestOf,
  loadOrCreateSigningKey,
  manifestPathOf,
  type ManifestCheck,
} from '@voxlate/dubber';

/**
 * `npm run verify -- FILE [--manifest M] [--key PUBLIC_KEY]...`: checks that FILE is the file its
 * provenance manifest (`FILE.voxlate.json` by default) describes, that the manifest's signature
 * holds, and whether the key that signed it is trusted: this installation's own key, or one given
 * with --key (the raw base64url key from a service's /api/provenance/key). Exit codes: 0 verified,
 * 1 not verified, 2 bad arguments.
 */
function parse(argv: string[]): { file: string; manifest: string; keys: string[] } {
  const keys: string[] = [];
  let file: string | undefined;
  let manifest: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--manifest') manifest = argv[++i];
    else if (arg === '--key') keys.push(argv[++i] ?? '');
    else if (!arg.startsWith('--') && file === undefined) file = arg;
    else throw new Error(`Unknown argument "${arg}".`);
  }
  if (!file) throw new Error('Name the file to verify: npm run verify -- FILE [--manifest M] [--key KEY].');
  return { file, manifest: manifest ?? manifestPathOf(file), keys };
}

function describe(check: ManifestCheck, manifest: ProvenanceManifest): string[] {
  const yes = (ok: boolean): string => (ok ? 'yes' : 'NO');
  return [
    `signature valid: ${yes(check.signatureValid)} (Ed25519, key ${check.keyId})`,
    `file matches the manifest: ${yes(check.fileMatches)} (sha256 ${manifest.output.sha256.slice(0, 16)}…)`,
    `signed by a trusted key: ${yes(check.keyTrusted)}${check.keyTrusted ? '' : " (not this installation's key, nor one given with --key)"}`,
    `made by ${manifest.tool.name} ${manifest.tool.version} on ${manifest.created}: ${manifest.request.sourceLanguage} -> ${manifest.request.targetLanguage}`,
    `engines: ${Object.entries(manifest.engines)
      .map(([task, ids]) => `${task} ${ids.join('+')}`)
      .join(', ')}`,
    manifest.statement,
  ];
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parse>;
  try {
    args = parse(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  const manifest = JSON.parse(await readFile(args.manifest, 'utf8')) as ProvenanceManifest;
  const own = loadOrCreateSigningKey(dataDirFromEnv()).publicKey;
  const check = checkManifest(manifest, await digestOf(args.file), [own, ...args.keys]);
  for (const line of describe(check, manifest)) process.stdout.write(`${line}\n`);
  const verified = check.signatureValid && check.fileMatches && check.keyTrusted;
  process.stdout.write(verified ? 'verified\n' : 'NOT verified\n');
  return verified ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  },
);
