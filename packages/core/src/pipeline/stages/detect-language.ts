import { BadInput } from '../../errors.js';
import { LANGUAGES } from '../../languages.js';
import type { StageContext } from '../stage-context.js';
import { requireAnalysis } from './require.js';

/** Below this probability the detected language is reported as a guess. */
const CONFIDENT = 0.5;

/**
 * Settles the source language when the request says 'auto': the best installed detector
 * listens to the speech found; without one English is assumed and the user is told.
 */
export async function detectSourceLanguage(ctx: StageContext): Promise<void> {
  const { request, timeline } = ctx;
  if (request.sourceLanguage !== 'auto') return;
  const detector = await ctx.ports.engines.languageDetector(request.engines?.asr);
  if (!detector) {
    ctx.warn(
      'recognise',
      'The source language was not detected because no Whisper model is installed: English was assumed. ' +
        'Choose the source language, or install one (npm run models -- add whisper-base).',
    );
    return;
  }
  const guess = await detector.detectLanguage(requireAnalysis(ctx), timeline.segments, { signal: ctx.signal });
  timeline.sourceLanguage = guess.language;
  ctx.emit({ type: 'language-detected', stage: 'recognise', ...guess, engine: detector.id });
  if (guess.probability < CONFIDENT) {
    ctx.warn(
      'recognise',
      `The speech was taken to be ${LANGUAGES[guess.language].name}, but the detection is unsure ` +
        `(${Math.round(100 * guess.probability)} %): name the source language if this is wrong.`,
    );
  }
  if (guess.language === request.targetLanguage) {
    throw new BadInput(
      `The speech is already in ${LANGUAGES[guess.language].name} (detected), the target language: ` +
        'choose another target language, or name the source language if the detection is wrong.',
    );
  }
}
