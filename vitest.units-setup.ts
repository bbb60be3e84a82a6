import { afterAll } from 'vitest';
import { removeAudioFixtures } from './packages/engines/src/test/audio-fixtures.js';

/**
 * Run before each file of the units project. Its files share a worker's modules (no isolation),
 * so a helper's module-level afterAll would run for the first file only: what a helper made for
 * one file is removed here, after that file.
 */
afterAll(removeAudioFixtures);
