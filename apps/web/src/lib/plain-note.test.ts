import { describe, expect, it } from 'vitest';
import { backgroundNote, plainWarning } from './plain-note.js';

describe('the service’s words in plain words, for the studio', () => {
  it('moves a command, a setting or a decibel figure in parentheses under Details, and keeps the rest', () => {
    expect(
      plainWarning(
        'English is recognised offline by PocketSphinx: expect mistakes (npm run models -- add whisper-small for better).',
      ),
    ).toEqual({
      text: 'English is recognised offline by PocketSphinx: expect mistakes.',
      details: 'npm run models -- add whisper-small for better',
    });
    expect(plainWarning('The original was lowered (24 dB) under line 3 (and line 4).')).toEqual({
      text: 'The original was lowered under line 3 (and line 4).',
      details: '24 dB',
    });
  });

  it('moves a sentence that is an instruction for whoever runs the service under Details', () => {
    expect(
      plainWarning(
        'No voice-cloning engine for French is installed: the voices are shaped instead. npm run models -- add voice installs the cloning engines; see docs/engines.md for the languages each covers.',
      ),
    ).toEqual({
      text: 'No voice-cloning engine for French is installed: the voices are shaped instead.',
      details:
        'npm run models -- add voice installs the cloning engines; see docs/engines.md for the languages each covers.',
    });
  });

  it('leaves a warning with nothing technical as it is, an unclosed parenthesis included', () => {
    expect(plainWarning('Line 2 was sped up to fit (1.3 times).')).toEqual({
      text: 'Line 2 was sped up to fit (1.3 times).',
    });
    expect(plainWarning('Cut short (at 40 s')).toEqual({ text: 'Cut short (at 40 s' });
  });

  it('says how the original was treated without levels or commands, which it keeps under Details', () => {
    const ducked = backgroundNote({
      method: 'ducked',
      duckDb: 24,
      reason: 'no voice/background separator is installed (npm run models -- add mdx-kim-vocal-2)',
    })!;
    expect(ducked.text).not.toMatch(/dB|npm/);
    expect(ducked.details).toBe(
      'Lowered 24 dB: no voice/background separator is installed (npm run models -- add mdx-kim-vocal-2).',
    );
    expect(backgroundNote({ method: 'separated', engine: 'mdx-kim-vocal-2' })!.text).not.toMatch(/mdx/);
    expect(backgroundNote(undefined)).toBeUndefined();
  });
});
