import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SCORES_FILE, defaultRegistries, type MeasuredScores } from '@voxlate/engines';
import { modelSettingsFromEnv } from '@voxlate/models';
import { evaluateRecognisers } from './eval-recognition.js';
import { evaluateTranslators } from './eval-translation.js';
import { separationQuality } from './separation-figures.js';

/**
 * `npm run eval [-- --sentences N]`: quality figures of every installed engine, measured here —
 * recognition WER on the librivox clips, translation chrF on the development data, the background
 * SDR of separation against ducking on real speech over real music. Neural engines
 * are included when their real models are installed (tiny test models never are).
 */
const { values } = parseArgs({ options: { sentences: { type: 'string', default: '40' } } });
const sentences = Number(values.sentences);
const registries = defaultRegistries();

console.log(
  `Voxlate eval, ${cpus().length} cores, load ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const recognition = await evaluateRecognisers(registries);
for (const score of recognition) {
  console.log(
    `asr ${score.engine.padEnd(24)} WER ${(100 * score.wer).toFixed(1).padStart(5)} % ` +
      `(${score.words} words, ${score.clips} clips)  RTF ${score.rtf.toFixed(3)}`,
  );
}
const translation = await evaluateTranslators(registries, sentences);
for (const score of translation) {
  console.log(
    `mt  ${score.engine.padEnd(24)} ${score.pair.padEnd(8)} chrF ${score.chrF.toFixed(1).padStart(5)} ` +
      `(${score.sentences} sentences)  ${score.secondsPerSentence.toFixed(3)} s/sentence`,
  );
}
const separationWork = mkdtempSync(join(tmpdir(), 'voxlate-eval-separation-'));
const separation = await separationQuality(registries, separationWork).finally(() =>
  rmSync(separationWork, { recursive: true, force: true }),
);
console.log('background under the dub, 60 s of librivox speech over chromium-bsu music (SDR vs the music alone):');
for (const score of separation) console.log(`    ${score.backgroundSdr.toFixed(1).padStart(6)} dB  ${score.method}`);
if (separation.length === 2) console.log('    (no separator installed: npm run models -- add mdx-kim-vocal-2)');
mkdirSync('bench-results', { recursive: true });
writeFileSync(
  join('bench-results', 'eval.json'),
  `${JSON.stringify({ recognition, translation, separation }, null, 2)}\n`,
);
// The resolver prefers the best measured translator per pair once every able one is measured.
const scores: MeasuredScores = { measuredAt: new Date().toISOString(), translation: {} };
for (const score of translation) {
  (scores.translation[score.pair] ??= {})[score.engine] = Number(score.chrF.toFixed(2));
}
const modelsRoot = modelSettingsFromEnv().root;
mkdirSync(modelsRoot, { recursive: true });
writeFileSync(join(modelsRoot, SCORES_FILE), `${JSON.stringify(scores, null, 2)}\n`);
console.log(`scores written to ${join(modelsRoot, SCORES_FILE)}`);
await Promise.all(Object.values(registries).map((registry: { close(): Promise<void> }) => registry.close()));
