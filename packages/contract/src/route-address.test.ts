import { describe, expect, it } from 'vitest';
import { addressOf } from './route-address.js';
import { Routes } from './routes.js';

describe('addressOf', () => {
  it('fills a route’s params, encoded, and sends only the query fields given', () => {
    expect(addressOf(Routes.listGlossaries)).toBe('/api/glossaries');
    expect(addressOf(Routes.getJobSubtitles, { params: { id: 'a/b c', file: 'spa-eng.vtt' } })).toBe(
      '/api/jobs/a%2Fb%20c/subtitles/spa-eng.vtt',
    );
    expect(addressOf(Routes.getJobResult, { params: { id: 'j1' }, query: { revision: '3' } })).toBe(
      '/api/jobs/j1/result?revision=3',
    );
    expect(addressOf(Routes.getJobResult, { params: { id: 'j1' }, query: { revision: undefined } })).toBe(
      '/api/jobs/j1/result',
    );
    expect(addressOf(Routes.listMemory, { query: { size: '200', q: 'pan & salt' } })).toBe(
      '/api/memory?size=200&q=pan+%26+salt',
    );
    expect(addressOf(Routes.exportGlossary, { params: { id: '0123456789abcdef' } })).toBe(
      '/api/glossaries/0123456789abcdef/export.csv',
    );
  });
});
