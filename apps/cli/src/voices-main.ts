import {
  MBROLA_LICENCE,
  MBROLA_PACKAGES,
  OPT_IN_VOICE_PACKS,
  isOptInVoicePack,
  offlineRegistries,
  optedInVoicePacks,
  optInFile,
  RegistryResolver,
  setVoicePackOptIn,
} from '@voxlate/engines';
import { LANGUAGE_CODES, LANGUAGES } from '@voxlate/core';
import { installDebianPackages, missingDebianPackages } from './debian-packages.js';

const USAGE = `Usage: npm run voices -- list | add mbrola | remove mbrola

Voice packs to opt in to: ${OPT_IN_VOICE_PACKS.join(', ')}.
  mbrola: men's voices for French, German, Spanish, Italian and Greek (MBROLA fr1, de2, es2, it3, gr2, us2),
          and gr2 set as a Greek woman's.
          ${MBROLA_LICENCE}: a dub spoken by them may not be sold, or used in anything sold,
          without the voice owners' permission. Never used unless you add it here.
Settings: VOXLATE_DATA_DIR (where the opt-in is kept), VOXLATE_OPT_IN_VOICES=mbrola (the same, by environment).`;

/** `npm run voices`: who speaks each language here, and the opt-in voice packs. */
async function main([command, pack, ...rest]: string[]): Promise<number> {
  if (command === 'list' && pack === undefined) return list();
  if ((command === 'add' || command === 'remove') && pack !== undefined && rest.length === 0) {
    if (!isOptInVoicePack(pack)) {
      console.error(`There is no voice pack "${pack}" to opt in to (there is: ${OPT_IN_VOICE_PACKS.join(', ')}).`);
      return 2;
    }
    return command === 'add' ? add() : remove();
  }
  console.error(USAGE);
  return 2;
}

async function list(): Promise<number> {
  const resolver = new RegistryResolver(offlineRegistries());
  for (const code of LANGUAGE_CODES) {
    const engine = await resolver.synthesiser(code);
    const voices = engine.listVoices?.(code) ?? [];
    console.log(`${code} ${LANGUAGES[code].name}: ${engine.name}${engine.robotic ? ' (robotic)' : ''}`);
    for (const voice of voices) {
      const restricted = voice.nonCommercial ? ', NON-COMMERCIAL USE ONLY' : '';
      console.log(
        `    ${voice.id.padEnd(22)} ${voice.name} (${voice.gender ?? 'unknown'}; ${voice.licence}${restricted})`,
      );
    }
  }
  const opted = optedInVoicePacks();
  console.log(`\nOpted in: ${opted.length > 0 ? opted.join(', ') : 'nothing'} (${optInFile()})`);
  return 0;
}

function add(): number {
  console.log(
    `MBROLA voices: ${MBROLA_LICENCE}.\n` +
      "A dub spoken by them may not be sold, or used in anything sold, without the voice owners' permission;\n" +
      'the studio, every result and the provenance manifest will say so.',
  );
  const missing = missingDebianPackages(MBROLA_PACKAGES);
  if (missing.length > 0) {
    console.log(`Installing the Debian packages: ${missing.join(' ')}`);
    const installed = installDebianPackages(missing);
    if (!installed.ok) {
      console.error(`${installed.why} Nothing was opted in to.`);
      return 1;
    }
  }
  setVoicePackOptIn('mbrola', true);
  console.log(`Opted in to MBROLA (${optInFile()}). Restart the service for it to take effect.`);
  return 0;
}

function remove(): number {
  setVoicePackOptIn('mbrola', false);
  console.log(
    `MBROLA is no longer used (${optInFile()}). Its Debian packages stay installed: apt-get remove ${MBROLA_PACKAGES.filter((name) => name !== 'espeak-ng').join(' ')}`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
