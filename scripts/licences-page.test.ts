import { describe, expect, it } from 'vitest';
import { CATALOG } from '../packages/models/src/model-catalog.js';
import { ATTRIBUTIONS } from '../apps/web/src/pages/licences-data.js';
import { FESTIVAL_VOICES } from '../packages/engines/src/tts/festival/festival-voices.js';
import { MBROLA_VOICES } from '../packages/engines/src/tts/mbrola/mbrola-voices.js';
import { FLITE_VOICES } from '../packages/engines/src/tts/flite/flite-voices.js';
import { OPEN_JTALK_VOICES } from '../packages/engines/src/tts/open-jtalk/open-jtalk-voices.js';
import { PICO_VOICES } from '../packages/engines/src/tts/pico/pico-voices.js';
import { RHVOICE_VOICES } from '../packages/engines/src/tts/rhvoice/rhvoice-voices.js';

/** The studio's licences page (apps/web) names every model `npm run models` can install, with the licence the catalog states. */
describe('the licences page', () => {
  const entries = ATTRIBUTIONS.flatMap((group) => group.entries);

  it('covers every catalog model with the licence and terms the catalog gives it', () => {
    const missing: string[] = [];
    for (const model of CATALOG) {
      const entry = entries.find((candidate) => candidate.models?.some((prefix) => model.id.startsWith(prefix)));
      if (!entry) {
        missing.push(model.id);
        continue;
      }
      expect({ id: model.id, licence: entry.licence }).toEqual({ id: model.id, licence: model.licence.name });
      // Terms a publisher must heed (non-commercial, attribution) are said on the page too.
      const noted = entry.note !== undefined;
      if (model.licence.terms) expect({ id: model.id, noted }).toEqual({ id: model.id, noted: true });
    }
    expect(missing).toEqual([]);
  });

  it('names every offline voice a dub can be spoken in, with the licence its catalogue gives it', () => {
    const catalogues = {
      rhvoice: RHVOICE_VOICES,
      flite: FLITE_VOICES,
      'svox-pico': PICO_VOICES,
      'open-jtalk': OPEN_JTALK_VOICES,
      festival: FESTIVAL_VOICES,
      mbrola: MBROLA_VOICES,
    };
    for (const [engine, voices] of Object.entries(catalogues)) {
      for (const voice of voices) {
        const key = `${engine}:${voice.id}`;
        const entry = entries.find((candidate) => candidate.voices?.includes(key));
        expect({ key, licence: entry?.licence }).toEqual({ key, licence: voice.licence });
      }
    }
  });

  it('links every entry to where its licence is published', () => {
    for (const entry of entries) expect(entry.url).toMatch(/^https?:\/\//);
  });
});
