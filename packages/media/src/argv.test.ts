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
});
