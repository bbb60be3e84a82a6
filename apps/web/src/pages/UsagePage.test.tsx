// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UsagePage } from './UsagePage.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MONTH = { month: '2026-12', resets_at: '2027-01-01T00:00:00.000Z', overage: false };

function showing(usage: unknown): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(usage)))),
  );
  render(
    <MemoryRouter>
      <UsagePage />
    </MemoryRouter>,
  );
}

describe('the usage page', () => {
  it('shows the plan, the minutes used and left with a bar, the languages and seats', async () => {
    showing({
      ...MONTH,
      plan: { name: 'free', minutes_per_month: 10, languages: 2, max_video_height: 720, seats: 1 },
      used_minutes: 7.5,
      top_up_minutes: 5,
      left_minutes: 7.5,
      languages_used: ['spa'],
      seats_used: 1,
    });
    expect(await screen.findByText('Free')).toBeTruthy();
    expect(screen.getByText(/^7\.5 of 15 \(5 added this month\):/)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Minutes used this month' }).getAttribute('aria-valuenow')).toBe(
      '50',
    );
    expect(screen.getByText('Spanish (1 of 2)')).toBeTruthy();
    expect(screen.getByText('1 of 1')).toBeTruthy();
    expect(screen.getByText(/refused before it starts/)).toBeTruthy();
  });

  it('says there is no plan on a service without keys', async () => {
    showing({
      ...MONTH,
      plan: null,
      used_minutes: 0,
      top_up_minutes: 0,
      left_minutes: null,
      languages_used: [],
      seats_used: 0,
    });
    expect(await screen.findByText(/it has no plan, and nothing is counted or limited/)).toBeTruthy();
  });
});
