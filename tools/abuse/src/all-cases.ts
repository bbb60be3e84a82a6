import type { AbuseCase } from './abuse-case.js';
import { accessCases, type AccessKeys } from './cases/access-cases.js';
import { linkCases } from './cases/link-cases.js';
import type { BaseMedia } from './cases/media-files.js';
import {
  corruptedMediaCases,
  headerLieCases,
  oddFormatCases,
  playlistCases,
  silenceCases,
} from './cases/media-cases.js';
import { requestCases } from './cases/request-cases.js';
import { ssrfCases } from './cases/ssrf-cases.js';
import { subtitleCases } from './cases/subtitle-cases.js';

/** Every generated case, in a stable order. */
export function allCases(
  base: BaseMedia,
  urls: { service: string; linkServer: string },
  keys: AccessKeys,
): AbuseCase[] {
  const cases = [
    ...corruptedMediaCases(base),
    ...oddFormatCases(base),
    ...headerLieCases(base),
    ...silenceCases(base),
    ...playlistCases(urls.service),
    ...subtitleCases(base),
    ...requestCases(base),
    ...ssrfCases(urls.service),
    ...linkCases(urls.linkServer),
    ...accessCases(keys),
  ];
  const ids = new Set(cases.map((c) => c.id));
  if (ids.size !== cases.length) throw new Error('two abuse cases share an id');
  return cases;
}

/**
 * The fast subset that runs in `make test`: up to `perCategory` cases of every category, spread
 * evenly over it, leaving out the slow ones (long files), so that every family is hit every run;
 * and every case that once found a bug (`regression`), so that the bug cannot come back unseen.
 */
export function quickSubset(cases: readonly AbuseCase[], perCategory = 5): AbuseCase[] {
  const byCategory = new Map<string, AbuseCase[]>();
  for (const abuseCase of cases) {
    if ((abuseCase.timeoutMs ?? 0) > 60_000) continue;
    byCategory.set(abuseCase.category, [...(byCategory.get(abuseCase.category) ?? []), abuseCase]);
  }
  const spread = new Set(
    [...byCategory.values()].flatMap((family) => {
      const step = Math.max(1, family.length / perCategory);
      return Array.from({ length: Math.min(perCategory, family.length) }, (_, i) => family[Math.floor(i * step)]!);
    }),
  );
  return cases.filter((abuseCase) => spread.has(abuseCase) || abuseCase.regression !== undefined);
}
