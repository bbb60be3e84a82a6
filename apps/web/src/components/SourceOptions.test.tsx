// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NO_SUPPORT_KNOWN, type LanguageSupport } from '../lib/language-support.js';
import { SourceOptions } from './SourceOptions.js';

afterEach(cleanup);

const offline: LanguageSupport = { ...NO_SUPPORT_KNOWN, heard: ['eng'], live: ['eng'] };
const withWhisper: LanguageSupport = {
  speech: {},
  cloning: {},
  quality: {},
  heard: ['eng', 'fra', 'spa'],
  detected: ['eng', 'fra', 'spa'],
  live: ['eng'],
};

const props = {
  sourceLanguage: 'eng',
  subtitles: undefined,
  disabled: false,
  onSourceLanguage: vi.fn(),
  onSubtitles: vi.fn(),
};

const groups = (): string[] =>
  Array.from(document.querySelectorAll('optgroup'), (group) => `${group.label}: ${group.children.length}`);

describe('SourceOptions', () => {
  it('lists what can be heard here and what needs subtitles; "Detect automatically" only with a detector', () => {
    const { rerender } = render(<SourceOptions {...props} support={offline} />);
    expect(groups()).toEqual(['Heard offline: 1', 'Needs a subtitles file: 10']);
    expect(screen.queryByRole('option', { name: 'Detect automatically' })).toBeNull();
    rerender(<SourceOptions {...props} support={withWhisper} sourceLanguage="auto" />);
    expect(screen.getByRole('option', { name: 'Detect automatically' })).toBeTruthy();
    expect(groups()).toEqual(['Heard offline: 3', 'Needs a subtitles file: 8']);
    rerender(<SourceOptions {...props} support={NO_SUPPORT_KNOWN} />);
    expect(screen.getAllByRole('option')).toHaveLength(11);
  });

  it('says when the chosen language cannot be heard without subtitles, and when subtitles need a language', () => {
    const { rerender } = render(<SourceOptions {...props} support={offline} sourceLanguage="fra" />);
    expect(screen.getByRole('note').textContent).toMatch(/French cannot be recognised here: add a subtitles file/);
    expect(screen.getByText(/^Subtitles file \(/).textContent).toBe('Subtitles file (needed for French)');
    const subtitles = new File(['1\n00:00:00,000 --> 00:00:01,000\nBonjour\n'], 'cours.srt');
    rerender(<SourceOptions {...props} support={offline} sourceLanguage="fra" subtitles={subtitles} />);
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByText('cours.srt')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove subtitles' }));
    expect(props.onSubtitles).toHaveBeenCalledWith(undefined);
    rerender(<SourceOptions {...props} support={withWhisper} sourceLanguage="auto" subtitles={subtitles} />);
    expect(screen.getByRole('note').textContent).toBe('Choose the language the subtitles are written in.');
  });

  it('hands a chosen subtitles file and language on', () => {
    render(<SourceOptions {...props} support={offline} />);
    expect(screen.getByText(/^Subtitles file \(/).textContent).toBe('Subtitles file (optional)');
    const file = new File(['WEBVTT\n'], 'talk.vtt', { type: 'text/vtt' });
    fireEvent.change(screen.getByLabelText('Subtitles file'), { target: { files: [file] } });
    expect(props.onSubtitles).toHaveBeenCalledWith(file);
    fireEvent.change(screen.getByLabelText('Source language'), { target: { value: 'deu' } });
    expect(props.onSourceLanguage).toHaveBeenCalledWith('deu');
  });
});
