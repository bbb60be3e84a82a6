import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { cueRulesFor, LANGUAGE_CODES, timelineCues, type Cue, type LanguageCode, type Timeline } from '@voxlate/core';
import type { EngineRegistries } from '@voxlate/engines';
import { Dubber, configFromEnv } from '@voxlate/dubber';
import { concatList, librivoxClips } from './make-inputs.js';

export interface SubtitleFigures {
  language: LanguageCode;
  side: 'source' | 'target';
  cues: number;
  /** Characters a second (spaces left out), median and 90th percentile over the cues. */
  medianCps: number;
  p90Cps: number;
  /** The share of cues read faster than the language's limit. */
  overLimit: number;
  limit: number;
  widestLine: number;
  shortestSeconds: number;
  longestSeconds: number;
}

/**
 * Reading speed and layout of the subtitles of real dubs: the five librivox clips joined into
 * one recording (25 s of read English), dubbed into each of the 10 other languages with the
 * installed engines; the English source cues once.
 */
export async function subtitleQuality(registries: EngineRegistries, dir: string): Promise<SubtitleFigures[]> {
  const input = join(dir, 'librivox.wav');
  const list = concatList(
    dir,
    'librivox.txt',
    librivoxClips().map((clip) => clip.path),
  );
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'concat', '-safe', '0', '-i', list, input]);
  const dubber = new Dubber({ ...configFromEnv(), tempRoot: dir }, registries);
  const figures: SubtitleFigures[] = [];
  try {
    for (const target of LANGUAGE_CODES.filter((code) => code !== 'eng')) {
      const run = await dubber.dub({
        input,
        output: join(dir, `librivox.${target}.wav`),
        sourceLanguage: 'eng',
        targetLanguage: target,
      });
      if (figures.length === 0) figures.push(figuresOf(run.timeline, 'source'));
      figures.push(figuresOf(run.timeline, 'target'));
    }
  } finally {
    await dubber.close();
  }
  return figures;
}

function figuresOf(timeline: Timeline, side: 'source' | 'target'): SubtitleFigures {
  const language = side === 'source' ? timeline.sourceLanguage : timeline.targetLanguage;
  const rules = cueRulesFor(language);
  const cues = timelineCues(timeline, side);
  const cps = cues.map(charactersPerSecond).sort((a, b) => a - b);
  const seconds = cues.map((cue) => cue.end - cue.start);
  return {
    language,
    side,
    cues: cues.length,
    medianCps: cps[Math.floor(cps.length / 2)] ?? 0,
    p90Cps: cps[Math.min(cps.length - 1, Math.floor(cps.length * 0.9))] ?? 0,
    overLimit: cps.filter((value) => value > rules.maxCharsPerSecond).length / Math.max(1, cps.length),
    limit: rules.maxCharsPerSecond,
    widestLine: Math.max(0, ...cues.flatMap((cue) => cue.text.split('\n').map((line) => [...line].length))),
    shortestSeconds: Math.min(...seconds),
    longestSeconds: Math.max(...seconds),
  };
}

function charactersPerSecond(cue: Cue): number {
  return [...cue.text.replace(/\s/gu, '')].length / Math.max(0.001, cue.end - cue.start);
}

export function printSubtitleFigures(figures: readonly SubtitleFigures[]): void {
  console.log('subtitles of real dubs (25 s of librivox read English, each language; characters a second):');
  for (const f of figures) {
    console.log(
      `    ${f.language} ${f.side.padEnd(6)} ${String(f.cues).padStart(3)} cues  cps median ${f.medianCps.toFixed(1).padStart(4)}, ` +
        `p90 ${f.p90Cps.toFixed(1).padStart(4)}, over ${f.limit}: ${(100 * f.overLimit).toFixed(0).padStart(3)} %  ` +
        `widest line ${f.widestLine}  on screen ${f.shortestSeconds.toFixed(2)}-${f.longestSeconds.toFixed(2)} s`,
    );
  }
}
