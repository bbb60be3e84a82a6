import { describe, expect, it } from 'vitest';
import { check } from './check.js';
import { SaveVoiceBody } from './voice-library.js';

const body = (rights_statement: string) => ({
  name: 'Ana',
  job_id: '083973np-7e3e6dc6a246',
  speaker: 'S1',
  rights_statement,
});

describe('a saved voice’s rights statement', () => {
  it('counts its characters as the service reads them, trimmed', () => {
    // What the conformance run generated and the service refused: nine characters and a space.
    expect(check(SaveVoiceBody, body("CRE.p'rHg ")).ok).toBe(false);
    expect(check(SaveVoiceBody, body('   short   ')).ok).toBe(false);
    expect(check(SaveVoiceBody, body('          ')).ok).toBe(false);
    expect(check(SaveVoiceBody, body("CRE.p'rHgX")).ok).toBe(true);
    expect(check(SaveVoiceBody, body('  My own voice, recorded by me.\n')).ok).toBe(true);
    expect(check(SaveVoiceBody, body('a        b')).ok).toBe(true);
  });
});
