import { describe, expect, it } from 'vitest';
import { DEFAULT_MIX, type DubRun, type Timeline } from '@voxlate/core';
import { buildManifest } from './build-manifest.js';

const timeline = { sourceLanguage: 'eng', targetLanguage: 'spa', duration: 3, segments: [] } as unknown as Timeline;
const run = { container: 'wav', timeline } as unknown as DubRun;
const digest = { sha256: 'a'.repeat(64), bytes: 1 };

function optionsOf(request: Parameters<typeof buildManifest>[0]['request']): Record<string, unknown> {
  const parts = { run, input: digest, output: digest, tool: { name: 'Voxlate', version: '0' }, created: new Date(0) };
  return buildManifest({ ...parts, request }).request.options;
}

describe('the provenance manifest of a dub', () => {
  it('records what the dub ran with: every choice of the creator, and the mix it made', () => {
    const options = optionsOf({
      input: 'in.wav',
      output: 'out.wav',
      sourceLanguage: 'eng',
      targetLanguage: 'spa',
      choices: { duckDb: 32, lipSync: true },
    });
    expect(options['choices']).toMatchObject({ duckDb: 32, lipSync: true, originalSpeech: 'duck' });
    expect(options['mix']).toMatchObject({ duckDb: 32, loudnessLufs: DEFAULT_MIX.loudnessLufs });
  });

  it("records the installation's values where the creator chose nothing, in the same sign", () => {
    const installed = { mix: { ...DEFAULT_MIX, duckDb: 18 } };
    const options = optionsOf({
      input: 'in.wav',
      output: 'out.wav',
      sourceLanguage: 'eng',
      targetLanguage: 'spa',
      options: installed,
    });
    expect(options['choices']).not.toHaveProperty('duckDb');
    expect(options['mix']).toMatchObject({ duckDb: 18 });
  });
});
