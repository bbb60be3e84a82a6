// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VoicesPage } from './VoicesPage.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const HOST = {
  id: '0123456789abcdef',
  name: 'Host',
  profile: { f0_median_hz: 98.4 },
  base_voices: { rus: { engine: 'rhvoice', voice: 'aleksandr' } },
  speech_seconds: 6.9,
  rights: { statement: 'This is my own voice.', at: '2026-11-29T10:00:00.000Z' },
  created_at: '2026-11-29T10:00:00.000Z',
  updated_at: '2026-11-29T10:00:00.000Z',
};

describe('the voice library page', () => {
  it('lists voices to hear and export, renames, removes, and imports a voice file', async () => {
    const sent: { method: string; url: string; body?: unknown }[] = [];
    let voices = [HOST];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
        if (method !== 'GET') sent.push({ method, url, ...(body === undefined ? {} : { body }) });
        if (method === 'PATCH') return Promise.resolve(new Response(JSON.stringify({ ...HOST, name: 'Anchor' })));
        if (method === 'DELETE') {
          voices = [];
          return Promise.resolve(new Response(null, { status: 204 }));
        }
        if (method === 'POST') {
          return Promise.resolve(
            new Response(JSON.stringify({ error: 'A saved voice is already called "Host".' }), { status: 409 }),
          );
        }
        return Promise.resolve(new Response(JSON.stringify({ voices })));
      }),
    );
    render(
      <MemoryRouter>
        <VoicesPage />
      </MemoryRouter>,
    );
    // Each answer is awaited up to 5 s, not Testing Library's 1 s: under a full suite's load a
    // rename's answer once took longer to show (nothing else was wrong).
    const shown = { timeout: 5000 };
    expect(await screen.findByText('1 saved voice.', undefined, shown)).toBeTruthy();
    expect(screen.getByText(/98 Hz · dubbed into rus/)).toBeTruthy();
    expect(screen.getByLabelText('The speech of Host').getAttribute('src')).toBe(
      '/api/voice-library/0123456789abcdef/speech.wav',
    );
    expect(screen.getByRole('link', { name: 'Export Host' }).getAttribute('href')).toBe(
      '/api/voice-library/0123456789abcdef/export.json',
    );
    const name = screen.getByLabelText('Name of Host');
    fireEvent.change(name, { target: { value: 'Anchor' } });
    fireEvent.blur(name);
    expect(await screen.findByText('Renamed to “Anchor”.', undefined, shown)).toBeTruthy();

    const file = new File([JSON.stringify({ format: 'voxlate-voice/1', name: 'Host' })], 'Host.voxlate-voice.json');
    fireEvent.change(screen.getByLabelText('Voice file'), { target: { files: [file] } });
    expect(await screen.findByRole('alert', undefined, shown)).toHaveProperty(
      'textContent',
      'A saved voice is already called "Host".',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Remove Host' }));
    expect(await screen.findByText('Removed “Host”.', undefined, shown)).toBeTruthy();
    expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'PATCH /api/voice-library/0123456789abcdef',
      'POST /api/voice-library/import',
      'DELETE /api/voice-library/0123456789abcdef',
    ]);
  });
});
