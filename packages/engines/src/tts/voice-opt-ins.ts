import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { dataDirFromEnv } from '../data-dir.js';

/**
 * Voice packs a creator must opt in to, because their licence forbids what this product's paid
 * plans do (selling, or a product that includes them): installed packages alone never bring them in.
 */
export const OPT_IN_VOICE_PACKS = ['mbrola'] as const;
export type OptInVoicePack = (typeof OPT_IN_VOICE_PACKS)[number];

const FILE_NAME = 'voices.json';

interface OptInFile {
  optedIn: OptInVoicePack[];
}

export function isOptInVoicePack(name: string): name is OptInVoicePack {
  return (OPT_IN_VOICE_PACKS as readonly string[]).includes(name);
}

/** Where `npm run voices -- add` records the opt-ins: `<data dir>/voices.json`. */
export function optInFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(dataDirFromEnv(env), FILE_NAME);
}

/**
 * The packs opted in to: those in the data folder's `voices.json`, and those named in
 * `VOXLATE_OPT_IN_VOICES` (comma-separated, for a service set up by its environment). A file that
 * cannot be read as such opts in to nothing.
 */
export function optedInVoicePacks(env: NodeJS.ProcessEnv = process.env): OptInVoicePack[] {
  const fromEnv = (env['VOXLATE_OPT_IN_VOICES'] ?? '').split(',').map((name) => name.trim());
  return [...new Set([...readOptIns(optInFile(env)), ...fromEnv])].filter(isOptInVoicePack).sort();
}

/** Records the packs opted in to (`add` one, or take one back), written whole so a crash leaves the old file. */
export function setVoicePackOptIn(pack: OptInVoicePack, optedIn: boolean, env: NodeJS.ProcessEnv = process.env): void {
  const file = optInFile(env);
  const kept = readOptIns(file).filter((name) => name !== pack);
  const content: OptInFile = { optedIn: optedIn ? [...kept, pack].sort() : kept };
  mkdirSync(dataDirFromEnv(env), { recursive: true });
  writeFileSync(`${file}.new`, `${JSON.stringify(content, null, 2)}\n`);
  renameSync(`${file}.new`, file);
}

function readOptIns(file: string): OptInVoicePack[] {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<OptInFile>;
    return Array.isArray(parsed.optedIn) ? parsed.optedIn.filter((name) => isOptInVoicePack(String(name))) : [];
  } catch {
    return [];
  }
}
