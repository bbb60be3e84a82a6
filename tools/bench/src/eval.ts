import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SCORES_FILE, defaultRegistries, type MeasuredScores } from '@voxlate/engines';
import { ModelManager, modelSettingsFromEnv } from '@voxlate/models';
import { LANGUAGES, isLanguageCode } from '@voxlate/core';
import { describeVoiceModels, printSynthesisSpeeds, synthesisSpeeds } from './clone-figures.js';
import { accentQuality, printAccentFigures } from './accent-figures.js';
import { isShapingVariant, printShapingCost, SHAPING_VARIANTS, shapingCost } from './shaping-cost.js';
import { evaluateRecognisers } from './eval-recognition.js';
import { evaluateTranslators } from './eval-translation.js';
import { printReviewFigures, reviewFlagQuality } from './review-figures.js';
import { separationQuality } from './separation-figures.js';
import { printSubtitleFigures, subtitleQuality } from './subtitle-figures.js';
import { printSpeechDetectorFigures, speechDetectorQuality } from './speech-detector-figures.js';
import { voiceQuality } from './voice-figures.js';
import { heldOutVoiceScenes, voiceScenes } from './voice-scenes.js';
import { lipSyncQuality, printLipSyncFigures } from './lip-sync-figures.js';
import { voiceIntelligibility } from './voice-intelligibility.js';
import { englishVoiceIntelligibility, printEnglishVoices } from './voice-engine-intelligibility.js';
import { printSpanishLikeness, spanishCloneLikeness } from './spanish-clone-likeness.js';
import { printIntelligibility, printVoiceFigures } from './voice-table.js';

/**
 * `npm run eval [-- --sentences N]`: quality figures of every installed engine, measured here —
 * recognition WER on the librivox clips, translation chrF on the development data, the background
 * SDR of separation against ducking on real speech over real music. Neural engines
 * are included when their real models are installed (tiny test models never are).
 */
const { values } = parseArgs({
  options: {
    sentences: { type: 'string', default: '40' },
    // A comma-separated subset of: vad, review, subtitles, asr, mt, accents, separation, voices, voice, heldout,
    // shaping-cost (what each part of shaping costs the recogniser, on the scenes and on held-out speech), clone, lipsync
    // (voices: every English offline voice's intelligibility, plain and shaped; voice: shaping figures and
    // intelligibility; heldout: shaping figures on speech nothing was tuned on; clone: intelligibility, speaker
    // similarity and speed).
    only: {
      type: 'string',
      default: 'vad,review,subtitles,asr,mt,accents,separation,voices,voice,heldout,clone,lipsync',
    },
    // The shaping variants shaping-cost dubs (comma-separated: neutral, shaped, no contour, no energy, no timbre).
    'shaping-variants': { type: 'string', default: 'neutral,shaped,no contour,no energy,no timbre' },
    // The lip sync scenes to run, by part of their names (comma-separated; all when absent).
    'lipsync-scenes': { type: 'string', default: '' },
    // Development sentences per language written without accents for `accents`.
    'accent-sentences': { type: 'string', default: '400' },
    // Sentences each English voice speaks for `voices`.
    'voice-sentences': { type: 'string', default: '30' },
    // The languages the voice and heldout parts dub the real scenes into (comma-separated).
    'voice-targets': { type: 'string', default: 'spa' },
  },
});
const parts = new Set(values.only.split(','));
const shapingVariants = values['shaping-variants'].split(',').filter(isShapingVariant);
const unknownVariants = values['shaping-variants'].split(',').filter((name) => !isShapingVariant(name));
if (unknownVariants.length > 0) {
  throw new Error(
    `Unknown --shaping-variants ${unknownVariants.join(', ')} (there are: ${SHAPING_VARIANTS.join(', ')}).`,
  );
}
const sentences = Number(values.sentences);
const manager = new ModelManager();
const registries = defaultRegistries(manager);

console.log(
  `Voxlate eval, ${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
if (parts.has('vad')) {
  printSpeechDetectorFigures(await inTempDir('vad', (dir) => speechDetectorQuality(registries, dir)));
}
if (parts.has('review')) printReviewFigures(await inTempDir('review', (dir) => reviewFlagQuality(registries, dir)));
if (parts.has('subtitles')) {
  printSubtitleFigures(await inTempDir('subtitles', (dir) => subtitleQuality(registries, dir)));
}
const recognition = parts.has('asr') ? await evaluateRecognisers(registries) : [];
for (const score of recognition) {
  console.log(
    `asr ${score.engine.padEnd(24)} WER ${(100 * score.wer).toFixed(1).padStart(5)} % ` +
      `(${score.words} words, ${score.clips} clips)  RTF ${score.rtf.toFixed(3)}`,
  );
}
const translation = parts.has('mt') ? await evaluateTranslators(registries, sentences) : [];
for (const score of translation) {
  console.log(
    `mt  ${score.engine.padEnd(24)} ${score.pair.padEnd(8)} chrF ${score.chrF.toFixed(1).padStart(5)} ` +
      `(${score.sentences} sentences)  ${score.secondsPerSentence.toFixed(3)} s/sentence`,
  );
}
const accents = parts.has('accents') ? await accentQuality(Number(values['accent-sentences'])) : [];
if (parts.has('accents')) printAccentFigures(accents);
const separation = parts.has('separation')
  ? await inTempDir('separation', (dir) => separationQuality(registries, dir))
  : [];
if (parts.has('separation')) {
  console.log('background under the dub, 60 s of librivox speech over chromium-bsu music (SDR vs the music alone):');
  for (const score of separation) console.log(`    ${score.backgroundSdr.toFixed(1).padStart(6)} dB  ${score.method}`);
  if (separation.length === 2) console.log('    (no separator installed: npm run models -- add mdx-kim-vocal-2)');
}
const englishVoices = parts.has('voices')
  ? await inTempDir('voices', (dir) => englishVoiceIntelligibility(registries, dir, Number(values['voice-sentences'])))
  : [];
if (parts.has('voices')) printEnglishVoices(englishVoices);
const voiceTargets = values['voice-targets'].split(',').filter(isLanguageCode);
const voice: Awaited<ReturnType<typeof voiceQuality>> = [];
for (const target of parts.has('voice') ? voiceTargets : []) {
  const figures = await inTempDir('voice', (dir) => voiceQuality(registries, dir, voiceScenes, target));
  printVoiceFigures(figures, `voice, ${LANGUAGES[target].name} dubs of real speech`);
  voice.push(...figures);
}
const heldOut: Awaited<ReturnType<typeof voiceQuality>> = [];
for (const target of parts.has('heldout') ? voiceTargets : []) {
  const figures = await inTempDir('voice-held-out', (dir) => voiceQuality(registries, dir, heldOutVoiceScenes, target));
  printVoiceFigures(figures, `voice on held-out speech (nothing was tuned on it), ${LANGUAGES[target].name} dubs`);
  heldOut.push(...figures);
}
const shapingCosts = parts.has('shaping-cost')
  ? {
      scenes: await inTempDir('shaping-cost', (dir) => shapingCost(registries, dir, voiceScenes, shapingVariants)),
      heldOut: await inTempDir('shaping-cost-held-out', (dir) =>
        shapingCost(registries, dir, heldOutVoiceScenes, shapingVariants),
      ),
    }
  : undefined;
if (shapingCosts) {
  printShapingCost(shapingCosts.scenes, 'shaping cost on the scenes');
  printShapingCost(shapingCosts.heldOut, 'shaping cost on held-out speech (chosen 2026-12-04 before its WER was seen)');
}
const likeness = parts.has('voice') || parts.has('clone');
if (likeness) {
  const models = await describeVoiceModels(manager);
  console.log(
    `voice models: ${models.length > 0 ? models.join('; ') : 'none installed (npm run models -- add voice)'}`,
  );
}
const intelligibility = likeness
  ? await inTempDir('voice-wer', (dir) => voiceIntelligibility(registries, manager, dir))
  : [];
if (likeness) printIntelligibility(intelligibility);
const spanishLikeness = parts.has('clone')
  ? await inTempDir('voice-spa', (dir) => spanishCloneLikeness(registries, manager, dir))
  : undefined;
if (parts.has('clone')) printSpanishLikeness(spanishLikeness);
const speeds = parts.has('clone') ? await synthesisSpeeds(registries) : [];
if (parts.has('clone')) printSynthesisSpeeds(speeds);
const lipSync = parts.has('lipsync')
  ? await inTempDir('lipsync', (dir) =>
      lipSyncQuality(registries, dir, values['lipsync-scenes'].split(',').filter(Boolean)),
    )
  : [];
if (parts.has('lipsync')) printLipSyncFigures(lipSync);
mkdirSync('bench-results', { recursive: true });
writeFileSync(
  join('bench-results', 'eval.json'),
  `${JSON.stringify({ recognition, translation, accents, separation, englishVoices, voice, heldOut, shapingCosts, intelligibility, spanishLikeness, speeds, lipSync }, null, 2)}\n`,
);
// The resolver prefers the best measured translator per pair once every able one is measured.
if (translation.length === 0) process.exit(0);
const scores: MeasuredScores = { measuredAt: new Date().toISOString(), translation: {} };
for (const score of translation) {
  (scores.translation[score.pair] ??= {})[score.engine] = Number(score.chrF.toFixed(2));
}
const modelsRoot = modelSettingsFromEnv().root;
mkdirSync(modelsRoot, { recursive: true });
writeFileSync(join(modelsRoot, SCORES_FILE), `${JSON.stringify(scores, null, 2)}\n`);
console.log(`scores written to ${join(modelsRoot, SCORES_FILE)}`);
await Promise.all(Object.values(registries).map((registry: { close(): Promise<void> }) => registry.close()));

async function inTempDir<T>(name: string, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), `voxlate-eval-${name}-`));
  try {
    return await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
