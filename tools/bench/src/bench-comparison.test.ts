import { describe, expect, it } from 'vitest';
import { compareFigures, comparisonReport, headlineFigures, type SavedBenchRun } from './bench-comparison.js';

const run = (lipSyncWall: number, ratio: number): SavedBenchRun => ({
  loadavg: [1.5, 1.2, 1],
  results: [
    {
      name: '60 s 720p talking face, lip sync',
      mediaSeconds: 60,
      wallSeconds: lipSyncWall,
      stageSeconds: { lipsync: lipSyncWall - 10, recognise: 4 },
      peakRss: 900e6,
    },
  ],
  languages: { ratio },
  live: { shortClip: { clipSeconds: 5, warmMedianSeconds: 2 } },
});

describe('the benchmark against its previous run', () => {
  it('reads the headline figures of a saved run', () => {
    const figures = headlineFigures(run(60, 2.8));
    expect(figures.map((figure) => [figure.name, Number(figure.value.toFixed(3))])).toEqual([
      ['60 s 720p talking face, lip sync: RTF', 1],
      ['60 s 720p talking face, lip sync: recognise RTF', 0.067],
      ['60 s 720p talking face, lip sync: lipsync RTF', 0.833],
      ['60 s 720p talking face, lip sync: peak RSS', 900],
      ['warm short clip: RTF', 0.4],
      ['three languages over one', 2.8],
    ]);
  });

  it('flags a figure worse by more than the noise, and not one inside it', () => {
    const compared = compareFigures(headlineFigures(run(30, 2.9)), headlineFigures(run(60, 2.8)));
    const verdicts = Object.fromEntries(compared.map((figure) => [figure.name, figure.verdict]));
    expect(verdicts['60 s 720p talking face, lip sync: RTF']).toBe('better');
    expect(verdicts['three languages over one']).toBe('same');
    const slower = compareFigures(headlineFigures(run(80, 2.8)), headlineFigures(run(60, 2.8)));
    expect(slower.find((figure) => figure.name.endsWith('lip sync: RTF'))).toMatchObject({ verdict: 'worse' });
    const report = comparisonReport(slower, { now: [2, 2, 2], before: [1, 1, 1] });
    expect(report[0]).toMatch(/load then 1\.00 1\.00 1\.00, now 2\.00/);
    expect(report.find((line) => line.includes('lip sync: RTF'))).toMatch(/1\.33, was 1\.00, ratio 1\.33 {2}WORSE/);
  });

  it('says when a figure has nothing to compare with', () => {
    const compared = compareFigures(headlineFigures(run(60, 2.8)), []);
    expect(compared.every((figure) => figure.verdict === 'new')).toBe(true);
    expect(comparisonReport(compared, {})[1]).toMatch(/no previous figure/);
  });
});
