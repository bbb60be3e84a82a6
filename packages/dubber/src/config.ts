import { availableParallelism, tmpdir } from 'node:os';
import { DEFAULT_DUB_OPTIONS, type DubOptions } from '@voxlate/core';
import { dataDirFromEnv } from '@voxlate/engines';

/** Settings read from the environment, with the product's defaults. */
export interface RuntimeConfig {
  /** Where job folders are made (each removed when its job ends). */
  tempRoot: string;
  options: DubOptions;
  /** The models folder (VOXLATE_MODELS_DIR by default); measured engine scores are read from it. */
  modelsRoot?: string;
  /** Where the installation keeps what lasts: its provenance signing key (VOXLATE_DATA_DIR). */
  dataDir: string;
  /** Languages of one upload dubbed at once (VOXLATE_LANGUAGES_AT_ONCE; one per core when not set). */
  languagesAtOnce?: number;
}

export { dataDirFromEnv };

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): RuntimeConfig {
  const defaults = DEFAULT_DUB_OPTIONS;
  return {
    tempRoot: env['VOXLATE_TMPDIR'] ?? tmpdir(),
    dataDir: dataDirFromEnv(env),
    languagesAtOnce: Math.floor(numberFrom(env['VOXLATE_LANGUAGES_AT_ONCE'], availableParallelism())),
    options: {
      ...defaults,
      maxDurationSeconds: numberFrom(env['VOXLATE_MAX_MINUTES'], defaults.maxDurationSeconds / 60) * 60,
      timeLimit: {
        baseSeconds: numberFrom(env['VOXLATE_JOB_BASE_MINUTES'], defaults.timeLimit.baseSeconds / 60) * 60,
        perMediaSecond: numberFrom(env['VOXLATE_JOB_TIME_FACTOR'], defaults.timeLimit.perMediaSecond),
      },
      fit: { ...defaults.fit, tempoCap: numberFrom(env['VOXLATE_TEMPO_CAP'], defaults.fit.tempoCap) },
      mix: {
        ...defaults.mix,
        duckDb: duckDbFrom(env['VOXLATE_DUCK_DB'], defaults.mix.duckDb),
        loudnessLufs: numberFrom(env['VOXLATE_LOUDNESS_LUFS'], defaults.mix.loudnessLufs),
      },
    },
  };
}

/**
 * How far the original is lowered, in dB down (24), with the same sign as the form's `duck_db`. A
 * negative value is refused rather than flipped: it is the old gain spelling, and guessing would let
 * "-6" and "6" mean the same.
 */
function duckDbFrom(value: string | undefined, fallback: number): number {
  const db = numberFrom(value, fallback);
  if (db < 0) {
    throw new Error(
      `VOXLATE_DUCK_DB is how many dB the original is lowered under the dub (6 to 40; 24 by default), ` +
        `got "${value ?? ''}": write ${-db} to lower it by ${-db} dB.`,
    );
  }
  return db;
}

function numberFrom(value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`Expected a number, got "${value}".`);
  return parsed;
}
