import { describe, expect, it } from 'vitest';
import { CATALOG } from '../packages/models/src/model-catalog.js';
import { ATTRIBUTIONS } from '../apps/web/src/pages/licences-data.js';

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

  it('links every entry to where its licence is published', () => {
    for (const entry of entries) expect(entry.url).toMatch(/^https?:\/\//);
  });
});
