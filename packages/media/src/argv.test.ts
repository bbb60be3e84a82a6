import { describe, expect, it } from 'vitest';
import { argv } from './argv.js';

describe('argv', () => {
  it('splits literal text and keeps values whole', () => {
    const input = '/tmp/my file.mp4';
    expect(argv`-v error -i ${input} -t ${2.5} ${['-map', '0:a']} out.wav`).toEqual([
      '-v',
      'error',
      '-i',
      '/tmp/my file.mp4',
      '-t',
      '2.5',
      '-map',
      '0:a',
      'out.wav',
    ]);
  });

  it('joins a value written against literal text into one argument', () => {
    expect(argv`-af apad=whole_dur=${12.5} -i ${'a'}.wav -f s16le`).toEqual([
      '-af',
      'apad=whole_dur=12.5',
      '-i',
      'a.wav',
      '-f',
      's16le',
    ]);
  });

  it('handles values at the start and end and across lines', () => {
    expect(argv`${'x'} -y
      ${'z'}`).toEqual(['x', '-y', 'z']);
  });
});
