import { describe, expect, it } from 'vitest';
import { liveStatusWords } from './live-status-words.js';

describe('the live status line', () => {
  it('says a session ended only when one ran', () => {
    const heard = [{ id: 0, sourceText: 'Hello.', targetText: 'Hola.', final: true }];
    expect(liveStatusWords({ phase: 'ended', lines: heard }, 'English', 'Spanish')).toBe('The session has ended.');
    expect(
      liveStatusWords(
        { phase: 'ended', lines: heard, error: 'The connection to the service was lost.' },
        'English',
        'Spanish',
      ),
    ).toBe('The session has ended.');
    // No microphone: the alert says so, and nothing ended.
    expect(
      liveStatusWords(
        { phase: 'ended', lines: [], error: 'No microphone was found. Connect one and press Start again.' },
        'English',
        'Spanish',
      ),
    ).toBe('');
    expect(liveStatusWords({ phase: 'idle', lines: [] }, 'English', 'Spanish')).toBe(
      'Press Start speaking and allow the microphone: English in, Spanish out.',
    );
  });
});
