import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, fileError, submitError, urlSubmitError } from './validation.js';

const fake = (type: string, size = 1000): File => ({ type, size, name: 'f' }) as File;

describe('validation (spec section 5)', () => {
  it('audio mode accepts audio and video; video modes accept video only', () => {
    expect(fileError(fake('audio/mpeg'), 'audio')).toBeUndefined();
    expect(fileError(fake('video/mp4'), 'audio')).toBeUndefined();
    expect(fileError(fake('text/plain'), 'audio')).toBe('Please upload a valid audio file');
    expect(fileError(fake('audio/wav'), 'video')).toBe('Please upload a valid video file');
    expect(fileError(fake('audio/wav'), 'both')).toBe('Please upload a valid video file');
  });

  it('refuses files over 157286400 bytes', () => {
    expect(fileError(fake('video/mp4', MAX_UPLOAD_BYTES), 'video')).toBeUndefined();
    expect(fileError(fake('video/mp4', MAX_UPLOAD_BYTES + 1), 'video')).toBe('File max 150MB');
  });

  it('checks file and language before sending', () => {
    expect(submitError(undefined, 'fra', 'audio')).toBe('Please upload a file');
    expect(submitError(fake('audio/wav'), '', 'audio')).toBe('Please select a target language');
    expect(submitError(fake('audio/wav'), 'fra', 'audio')).toBeUndefined();
  });

  it('needs both a URL and a language for a link', () => {
    expect(urlSubmitError('', 'fra')).toBe('Please select a language and enter a valid URL');
    expect(urlSubmitError('https://example.com/a.mp3', '')).toBe('Please select a language and enter a valid URL');
    expect(urlSubmitError('not a url', 'fra')).toBe('Please select a language and enter a valid URL');
    expect(urlSubmitError(' https://example.com/a.mp3 ', 'fra')).toBeUndefined();
  });
});
