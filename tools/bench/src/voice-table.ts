import type { VoiceFigures } from './voice-figures.js';
import type { IntelligibilityFigures } from './voice-intelligibility.js';
import { mean } from './voice-metrics.js';
import { lineToLine } from './line-to-line.js';

const TARGETS =
  'targets: F0 within 10 % >= 80 %, range ratio 0.8-1.25, pitch r >= 0.5, level r >= 0.5, rate rho >= 0.6, DER <= 15 %, ' +
  'line to line pitch, range and loudness r >= 0.7';

/** The voice figures per scene and mode, and a summary of each mode against the issue's targets. */
export function printVoiceFigures(figures: readonly VoiceFigures[], title: string): void {
  console.log(`${title} (neutral = no voice shaping, the bad case):`);
  console.log(
    '  scene                                  mode      lines  F0<=10%  F0 err  range ratio  formants  pitch r  level r  rate rho  pause r  speakers  DER',
  );
  for (const f of figures) {
    console.log(
      `  ${f.scene.padEnd(38)} ${f.mode.padEnd(9)} ${String(f.lines).padStart(5)}  ${pct(f.f0Within10).padStart(7)}  ` +
        `${pct(f.f0MedianError).padStart(6)}  ${f.rangeRatios
          .map((r) => r.toFixed(2))
          .join('/')
          .padStart(11)}  ${f.formantRatios
          .map((r) => r.toFixed(2))
          .join('/')
          .padStart(8)}  ` +
        `${num(f.pitchCorrelation).padStart(7)}  ${num(f.levelCorrelation).padStart(7)}  ${num(f.rateSpearman).padStart(8)}  ` +
        `${num(f.pauseCorrelation).padStart(7)}  ${`${f.speakersFound}/${f.speakersTrue}`.padStart(8)}  ${pct(f.der).padStart(5)}`,
    );
  }
  for (const mode of ['neutral', 'shaped'] as const) {
    const rows = figures.filter((f) => f.mode === mode);
    const lines = rows.reduce((sum, f) => sum + f.lines, 0);
    const within = rows.reduce((sum, f) => sum + f.f0Within10 * f.lines, 0) / Math.max(1, lines);
    const ratios = rows.flatMap((f) => f.rangeRatios).sort((a, b) => a - b);
    const formantErrors = rows
      .flatMap((f) => f.formantRatios.map((r) => Math.abs(r - 1)))
      .filter(Number.isFinite)
      .sort((a, b) => a - b);
    const weighted = (pick: (f: VoiceFigures) => number): number => {
      const usable = rows.filter((f) => Number.isFinite(pick(f)));
      return (
        usable.reduce((sum, f) => sum + pick(f) * f.lines, 0) /
        Math.max(
          1,
          usable.reduce((s, f) => s + f.lines, 0),
        )
      );
    };
    const two = rows.filter((f) => f.speakersTrue === 2);
    console.log(
      `  summary ${mode.padEnd(9)} ${lines} lines: F0 within 10 % ${pct(within)}, range ratio median ${num(ratios[Math.floor(ratios.length / 2)] ?? Number.NaN)}, ` +
        `formants off by ${pct(formantErrors[Math.floor(formantErrors.length / 2)] ?? Number.NaN)} (median), ` +
        `pitch r ${num(weighted((f) => f.pitchCorrelation))}, level r ${num(weighted((f) => f.levelCorrelation))}, ` +
        `rate rho ${num(weighted((f) => f.rateSpearman))}, pause r ${num(weighted((f) => f.pauseCorrelation))}, ` +
        `two-speaker DER ${pct(two.reduce((s, f) => s + f.der, 0) / Math.max(1, two.length))}, ` +
        `speaker count right ${rows.filter((f) => f.speakersFound === f.speakersTrue).length}/${rows.length}`,
    );
    const across = lineToLine(rows.flatMap((f) => f.linePairs));
    console.log(
      `          ${''.padEnd(9)} line to line (${across.lines} lines of speakers with two or more): ` +
        `pitch r ${num(across.pitch)}, range r ${num(across.range)}, loudness r ${num(across.loudness)}`,
    );
  }
  console.log(`  ${TARGETS}`);
}

/** Word error rate of the English dubs heard back, per scene and mode, and the difference shaping makes. */
export function printIntelligibility(figures: readonly IntelligibilityFigures[]): void {
  console.log(
    'no harm: English dubs from Spanish subtitles, recognised back by pocketsphinx (WER against the dubbed text):',
  );
  for (const f of figures) {
    const likeness = f.similarity
      ? `  speaker similarity ${num(f.similarity.own)}` +
        (f.similarity.others === undefined ? '' : ` (to the other speaker: ${num(f.similarity.others)})`)
      : '';
    console.log(
      `  ${f.scene.padEnd(38)} ${f.mode.padEnd(9)} ${String(f.words).padStart(5)} words  WER ${pct1(f.wer).padStart(7)}${likeness}`,
    );
  }
  const total = (mode: IntelligibilityFigures['mode']): number => {
    const rows = figures.filter((f) => f.mode === mode);
    const words = rows.reduce((sum, f) => sum + f.words, 0);
    return rows.reduce((sum, f) => sum + f.wer * f.words, 0) / Math.max(1, words);
  };
  const [neutral, shaped, harmed] = [total('neutral'), total('shaped'), total('harmed')];
  console.log(
    `  summary: neutral WER ${pct1(neutral)}, shaped WER ${pct1(shaped)}, ` +
      `shaping adds ${(100 * (shaped - neutral)).toFixed(1)} points (target: at most 5); ` +
      `control, neutral low-passed at 700 Hz: ${pct1(harmed)} (a measure that tells harm apart scores it clearly worse)`,
  );
  const similar = (mode: IntelligibilityFigures['mode'], key: 'own' | 'others'): number =>
    mean(
      figures
        .filter((f) => f.mode === mode)
        .flatMap((f) => (f.similarity?.[key] === undefined ? [] : [f.similarity[key]])),
    );
  if (figures.some((f) => f.similarity)) {
    console.log(
      `  speaker similarity (CAM++ cosine, dubbed line to its speaker): neutral ${num(similar('neutral', 'own'))}, ` +
        `shaped ${num(similar('shaped', 'own'))}, clone ${num(similar('clone', 'own'))}; bad case, a line to the ` +
        `other speaker: ${num(similar('clone', 'others'))} (the clone must beat the shaped and neutral voices and lose no WER)`,
    );
  } else {
    console.log('  speaker similarity: needs the CAM++ model (npm run models -- add voice)');
  }
  if (figures.some((f) => f.mode === 'clone')) {
    console.log(`  clone WER ${pct1(total('clone'))} (against shaped ${pct1(shaped)})`);
  }
}

function pct1(value: number): string {
  return Number.isFinite(value) ? `${(100 * value).toFixed(1)} %` : 'n/a';
}

function pct(value: number): string {
  return Number.isFinite(value) ? `${(100 * value).toFixed(0)} %` : 'n/a';
}

function num(value: number): string {
  return Number.isFinite(value) ? value.toFixed(2) : 'n/a';
}
