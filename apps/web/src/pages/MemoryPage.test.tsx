// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryPage } from './MemoryPage.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ENTRY = {
  id: 'eng-spa-0123456789012345678901234567890123456789',
  source_language: 'eng',
  target_language: 'spa',
  source: 'Welcome back to the channel.',
  target: '¡Bienvenidos de nuevo al canal!',
  updated_at: '2026-11-27T00:30:00.000Z',
};

describe('the translation memory page', () => {
  it('lists, searches, forgets a line, and asks before forgetting all', async () => {
    const calls: string[] = [];
    let entries = [ENTRY];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${url}`);
        if (init?.method === 'DELETE') {
          const forgotten = entries.length;
          entries = [];
          return Promise.resolve(
            url === '/api/memory' ? new Response(JSON.stringify({ forgotten })) : new Response(null, { status: 204 }),
          );
        }
        return Promise.resolve(new Response(JSON.stringify({ entries, page: 0, size: 200, total: entries.length })));
      }),
    );
    render(
      <MemoryRouter>
        <MemoryPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText('¡Bienvenidos de nuevo al canal!')).toBeTruthy();
    expect(screen.getByText('English → Spanish')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Export TMX' }).getAttribute('href')).toBe('/api/memory/export.tmx');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'canal' } });
    await vi.waitFor(() => expect(calls).toContain('GET /api/memory?size=200&q=canal'));

    fireEvent.click(screen.getByRole('button', { name: 'Forget all' }));
    expect(screen.getByRole('alert').textContent).toMatch(/^Forget all 1 line\? Later dubs will no longer use them\./);
    fireEvent.click(screen.getByRole('button', { name: 'Keep them' }));
    expect(calls.some((call) => call.startsWith('DELETE'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: `Forget: ${ENTRY.source}` }));
    expect(await screen.findByText(`Forgot “${ENTRY.source}”.`)).toBeTruthy();
    expect(calls).toContain(`DELETE /api/memory/${ENTRY.id}`);
  });
});
