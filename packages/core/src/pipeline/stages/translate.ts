import { LANGUAGES } from '../../languages.js';
import type { StageContext } from '../stage-context.js';

/** Translates segment by segment, giving each the previous segment as context. */
export async function translate(ctx: StageContext): Promise<void> {
  const { timeline, request } = ctx;
  const pair = { source: timeline.sourceLanguage, target: request.targetLanguage };
  const translator = await ctx.ports.engines.translator(pair, request.engines?.mt);
  const segments = timeline.segments;
  for (const [i, segment] of segments.entries()) {
    const previous = segments[i - 1]?.sourceText;
    const translation = await translator.translate(
      previous === undefined ? { text: segment.sourceText } : { text: segment.sourceText, previous },
      pair,
      { signal: ctx.signal },
    );
    segment.targetText = translation.text;
    segment.quality = translation.quality;
    segment.engines.mt = translator.id;
    segment.mtRoute = translation.route;
    ctx.emit({ type: 'segment-ready', stage: 'translate', segment });
    ctx.progress('translate', i + 1, segments.length);
  }
  if (segments.some((segment) => segment.quality === 'gist')) {
    ctx.warn(
      'translate',
      `No machine translation is installed for ${LANGUAGES[pair.source].name} to ${LANGUAGES[pair.target].name}: ` +
        'the translation is a word-by-word dictionary gist, not fluent speech.',
    );
  }
}
