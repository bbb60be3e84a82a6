import { describe, expect, it } from 'vitest';
import { downloadName } from './download-name.js';

describe('downloadName', () => {
  it('names a download after the input, its language and type', () => {
    expect(downloadName('talk.mp4', 'fra', 'mp4')).toBe('talk.fra.mp4');
    expect(downloadName('my.show.ep1.wav', 'spa', 'srt')).toBe('my.show.ep1.spa.srt');
    expect(downloadName('noextension', 'deu', 'wav')).toBe('noextension.deu.wav');
    expect(downloadName(undefined, 'ita', 'wav')).toBe('dub.ita.wav');
    expect(downloadName('../a\u0007/b.mp4', 'fra', 'mp4')).toBe('..ab.fra.mp4');
  });
});
