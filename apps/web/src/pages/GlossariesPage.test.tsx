// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GlossariesPage } from './GlossariesPage.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SAVED = {
  id: '0123456789abcdef',
  name: 'Cooking channel',
  source_language: 'eng',
  terms: [{ source: 'channel', targets: { spa: 'canal' } }],
  created_at: '2026-11-27T00:00:00.000Z',
  updated_at: '2026-11-27T00:00:00.000Z',
};

describe('the glossaries page', () => {
  it('makes a glossary from CSV, lists it, edits it as CSV and shows a refusal', async () => {
    const sent: { method: string; url: string; body?: unknown }[] = [];
    let glossaries: (typeof SAVED)[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        if (method !== 'GET') sent.push({ method, url, body: JSON.parse(init!.body as string) });
        if (method === 'POST') {
          glossaries = [SAVED];
          return Promise.resolve(new Response(JSON.stringify(SAVED), { status: 201 }));
        }
        if (method === 'PUT') {
          const refusal = {
            error: 'Glossary row 2 ("channel") has neither a translation nor "keep": give one or the other.',
          };
          return Promise.resolve(new Response(JSON.stringify(refusal), { status: 400 }));
        }
        if (url.endsWith('/export.csv')) return Promise.resolve(new Response('eng,keep,spa\nchannel,,canal\n'));
        return Promise.resolve(new Response(JSON.stringify({ glossaries })));
      }),
    );
    render(
      <MemoryRouter>
        <GlossariesPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('0 glossaries.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New glossary' }));
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Cooking channel' } });
    fireEvent.change(screen.getByLabelText('Terms (CSV)'), { target: { value: 'eng,keep,spa\nchannel,,canal\n' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save glossary' }));
    expect(await screen.findByText('Saved “Cooking channel”: 1 term.')).toBeTruthy();
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/api/glossaries',
      body: { name: 'Cooking channel', csv: 'eng,keep,spa\nchannel,,canal\n' },
    });
    expect(screen.getByRole('link', { name: 'Export Cooking channel as CSV' }).getAttribute('href')).toBe(
      '/api/glossaries/0123456789abcdef/export.csv',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Edit Cooking channel' }));
    expect(await screen.findByDisplayValue(/channel,,canal/)).toBeTruthy();
    const unsavedNote = /not saved yet: this speaks the glossary as last saved/;
    expect(screen.queryByText(unsavedNote)).toBeNull();
    fireEvent.change(screen.getByLabelText('Terms (CSV)'), { target: { value: 'eng,spa\nchannel,\n' } });
    // The preview speaks the saved glossary: while the terms differ from it, it says so.
    expect(screen.getByText(unsavedNote)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save glossary' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Glossary row 2 \("channel"\) has neither/);
    expect(sent[1]).toMatchObject({ method: 'PUT', url: '/api/glossaries/0123456789abcdef' });
  });
});
