import { describe, expect, it } from 'vitest';
import { sourceError, subtitlesFileError } from './source-language.js';

const support = { cloning: {}, quality: {}, heard: ['eng'], detected: [], live: ['eng'], speech: {} };

describe('source checks before sending', () => {
  it('needs subtitles for a language nobody here can hear, and a language for subtitles', () => {
    expect(sourceError(support, 'eng', undefined)).toBeUndefined();
    expect(sourceError(support, 'jpn', undefined)).toMatch(/^Japanese cannot be recognised here/);
    const srt = new File(['x'], 'a.srt');
    expect(sourceError(support, 'jpn', srt)).toBeUndefined();
    expect(sourceError(support, 'auto', srt)).toBe('Choose the language the subtitles are written in.');
  });

  it('takes SRT or WebVTT files of 2 MB at most', () => {
    expect(subtitlesFileError({ name: 'talk.srt', size: 100 })).toBeUndefined();
    expect(subtitlesFileError({ name: 'talk.VTT', size: 100 })).toBeUndefined();
    expect(subtitlesFileError({ name: 'talk.txt', size: 100 })).toMatch(/SRT or WebVTT/);
    expect(subtitlesFileError({ name: 'talk.srt', size: 3 * 1024 * 1024 })).toMatch(/larger than 2 MB/);
  });
});
