// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../App.js';
import { DownloadLinks } from '../components/DownloadLinks.js';
import { TranslatedPanel } from '../components/TranslatedPanel.js';
import { INITIAL_STATE } from '../studio/studio-state.js';
import { HERE, PLANS } from './pricing-plans.js';

afterEach(cleanup);

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );

describe('pages a newcomer hit', () => {
  it('shows a not-found page with a way back for an unknown address', () => {
    at('/no-such-page');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'Open the Creator Studio' }).getAttribute('href')).toBe('/creator-studio');
  });

  it('draws the pricing tooltips’ icon as SVG, not a font glyph', () => {
    const { container } = at('/pricing');
    const tooltips = container.querySelectorAll('.tooltip');
    expect(tooltips.length).toBeGreaterThan(0);
    for (const tooltip of tooltips) expect(tooltip.querySelector('svg')).not.toBeNull();
    expect(container.textContent).not.toContain('ⓘ');
  });

  it('sends the footer’s product links where they say', () => {
    at('/pricing');
    const product = screen.getByRole('navigation', { name: 'Product' });
    const links = [...product.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Features', '/#features'],
      ['Pricing', '/pricing'],
      ['Creator Studio', '/creator-studio'],
      ['API reference', '/api/docs'],
    ]);
  });

  it('moves focus to the new stage’s heading when a type is chosen, and back', () => {
    at('/creator-studio');
    fireEvent.click(screen.getByRole('button', { name: /Audio Translation/ }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Audio Translation' }));
    fireEvent.click(screen.getByRole('button', { name: 'Change Type' }));
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 1, name: 'What would you like to translate?' }),
    );
  });

  it('follows the WAI-ARIA tabs pattern for Upload / Paste URL', () => {
    at('/creator-studio');
    fireEvent.click(screen.getByRole('button', { name: /Audio Translation/ }));
    const upload = screen.getByRole('tab', { name: 'Upload' });
    const url = screen.getByRole('tab', { name: 'Paste URL' });
    expect([upload.tabIndex, url.tabIndex]).toEqual([0, -1]);
    const panel = screen.getByRole('tabpanel');
    expect(upload.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.getAttribute('aria-labelledby')).toBe(upload.id);
    upload.focus();
    fireEvent.keyDown(upload, { key: 'ArrowRight' });
    expect(url.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(url);
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(url.id);
    fireEvent.keyDown(url, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(upload);
    fireEvent.keyDown(upload, { key: 'End' });
    expect(document.activeElement).toBe(url);
  });

  it('gives the progress bar an accessible name', () => {
    render(
      <TranslatedPanel
        state={{ ...INITIAL_STATE, stage: 'audio', working: true, progress: 40 }}
        language={undefined}
        video={false}
      />,
    );
    expect(screen.getByRole('progressbar', { name: 'Translation progress' }).getAttribute('aria-valuenow')).toBe('40');
  });

  it('shows the dub’s subtitles in the video player as a track', () => {
    // jsdom has no blob URLs.
    Object.assign(URL, { createObjectURL: () => 'blob:subtitles', revokeObjectURL: () => undefined });
    const { container } = render(
      <TranslatedPanel
        state={{
          ...INITIAL_STATE,
          stage: 'video',
          resultUrl: 'blob:video',
          resultName: 'talk.fra.mp4',
          subtitles: { target: { language: 'fra', srt: '', vtt: 'WEBVTT\n\n00:00.000 --> 00:01.000\nBonjour' } },
        }}
        language={{ code: 'fra', name: 'French', flag: '🇫🇷' } as never}
        video
      />,
    );
    const track = container.querySelector('video track');
    expect(track?.getAttribute('kind')).toBe('subtitles');
    expect(track?.getAttribute('srclang')).toBe('fra');
    expect(track?.getAttribute('label')).toBe('French');
  });

  it('names the downloads after the input', () => {
    render(
      <DownloadLinks
        resultUrl="blob:result"
        resultName="talk.fra.mp4"
        subtitles={{
          target: { language: 'fra', srt: '', vtt: 'WEBVTT' },
          source: { language: 'eng', srt: '', vtt: 'WEBVTT' },
        }}
      />,
    );
    const names = screen.getAllByRole('link').map((link) => link.getAttribute('download'));
    expect(names).toEqual(['talk.fra.mp4', 'talk.fra.srt', 'talk.fra.vtt', 'talk.eng.srt', 'talk.eng.vtt']);
  });
});

describe('the pricing plans', () => {
  it('say for every feature whether this product has it (HERE covers every feature the plans name)', () => {
    const named = PLANS.flatMap((plan) => plan.features.map((feature) => feature.text));
    expect(named.filter((text) => HERE[text] === undefined)).toEqual([]);
    expect(Object.keys(HERE).filter((text) => !named.includes(text))).toEqual([]);
  });
});
