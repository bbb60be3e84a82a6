import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_DUB_OPTIONS } from '@voxlate/core';
import { defaultRegistries, engineSettingsFromEnv } from '@voxlate/engines';
import { ModelManager } from '@voxlate/models';
import { Dubber } from '../dubber.js';

/**
 * A dubber with the installation's offline engines and no opt-in voices (a machine with
 * MBROLA installed still dubs as CI's does), its jobs and data inside `root`.
 */
export function offlineTestDubber(root: string): Dubber {
  const registries = defaultRegistries(new ModelManager(), { ...engineSettingsFromEnv(), optedInVoices: [] });
  return new Dubber(
    { tempRoot: mkdtempSync(join(root, 'jobs-')), options: DEFAULT_DUB_OPTIONS, dataDir: join(root, 'data') },
    registries,
  );
}
