import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  LANGUAGE_CODES,
  parseGlossaryCsv,
  protectTerms,
  restoreTerms,
  termsFor,
  type LanguageCode,
} from '@voxlate/core';
import { defaultRegistries, RegistryResolver } from '@voxlate/engines';

/**
 * A glossary of 20 terms (18 translated, two names kept) on real sentences of the development
 * data, through the translation engine each target gets here: every occurrence of every term
 * comes out as the glossary says, in every target with full translation.
 */
const GLOSSARY = parseGlossaryCsv(`eng,keep,spa,fra,ita
file,,fichero,fichier,file
error,,fallo,erreur,errore
image,,imagen,image,immagine
package,,paquete,paquet,pacchetto
system,,sistema,système,sistema
window,,ventana,fenêtre,finestra
user,,usuario,utilisateur,utente
server,,servidor,serveur,server
document,,documento,document,documento
application,,aplicación,application,applicazione
archive,,archivo comprimido,archive,archivio
font,,tipografía,police,carattere
key,,clave,clé,chiave
password,,contraseña,mot de passe,password
directory,,directorio,répertoire,cartella
device,,dispositivo,périphérique,dispositivo
folder,,carpeta,dossier,cartella
printer,,impresora,imprimante,stampante
GTK,yes,,,
Debian,yes,,,
`);
const DEV = readFileSync(new URL('../../../../shared/data/mt-dev/ui-messages-10way.tsv', import.meta.url), 'utf8')
  .trim()
  .split('\n')
  .slice(1)
  .map((row) => row.split('\t')[0]!);
/** Up to three sentences for each term (the first in the data that say it). */
const SENTENCES = [
  ...new Set(
    GLOSSARY.terms.flatMap((term) => DEV.filter((sentence) => occurrences(sentence, term.source) > 0).slice(0, 3)),
  ),
];
const resolver = new RegistryResolver(defaultRegistries());
afterAll(() => resolver.close());

function occurrences(text: string, term: string): number {
  return text.match(new RegExp(`(^|[^\\p{L}])${term}(s|es|'s)?(?![\\p{L}])`, 'giu'))?.length ?? 0;
}

function count(text: string, wanted: string): number {
  return text.toLocaleLowerCase().split(wanted.toLocaleLowerCase()).length - 1;
}

describe('a glossary on the development data', () => {
  it('puts every term as the glossary says in every target with full translation', async () => {
    expect(GLOSSARY.terms).toHaveLength(20);
    expect(SENTENCES.length).toBeGreaterThanOrEqual(40);
    const full: LanguageCode[] = [];
    for (const target of LANGUAGE_CODES.filter((code) => code !== 'eng')) {
      const pair = { source: 'eng' as const, target };
      const translator = await resolver.translator(pair);
      if (translator.qualityFor(pair) !== 'full') continue;
      full.push(target);
      const terms = termsFor(GLOSSARY, pair);
      const wrong: string[] = [];
      for (const sentence of SENTENCES) {
        const shielded = protectTerms(sentence, terms, pair);
        const translated = await translator.translate({ text: shielded.text }, pair, {});
        const { text, missed } = restoreTerms(translated.text, shielded.placed);
        if (missed.length > 0) wrong.push(`${sentence} -> ${text} (lost ${missed.join(', ')})`);
        // Each target term at least as often as its source terms occur (two terms may share one target).
        const wanted = new Map<string, number>();
        for (const term of terms) {
          const target = term.keep ? term.source : term.targets[pair.target]!;
          wanted.set(target, (wanted.get(target) ?? 0) + occurrences(sentence, term.source));
        }
        for (const [target, times] of wanted) {
          if (count(text, target) < times)
            wrong.push(`${sentence} -> ${text} ("${target}" ${count(text, target)}/${times})`);
        }
      }
      console.log(
        `glossary into ${target} (${translator.id}): ${SENTENCES.length - new Set(wrong.map((line) => line.split(' -> ')[0])).size}/${SENTENCES.length} sentences with every term placed`,
      );
      expect(wrong).toEqual([]);
    }
    // The offline engines translate English fully into these three here.
    expect(full).toEqual(expect.arrayContaining(['spa', 'fra', 'ita']));
  }, 300_000);
});
