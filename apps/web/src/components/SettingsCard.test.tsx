// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SettingsCard } from './SettingsCard.js';

afterEach(cleanup);

const props = {
  stage: 'video' as const,
  targetLanguage: '',
  lipSync: true,
  voiceCloning: true,
  working: false,
  hasFile: true,
  onLanguage: vi.fn(),
  onLipSync: vi.fn(),
  onVoiceCloning: vi.fn(),
  onTranslate: vi.fn(),
};

describe('SettingsCard', () => {
  it('lists the 11 languages with flag and name after "Select target language"', () => {
    render(<SettingsCard {...props} />);
    const options = within(screen.getByLabelText('Target language'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options[0]).toBe('Select target language');
    expect(options).toHaveLength(12);
    expect(options).toContain('🇭🇰 Cantonese');
  });

  it('offers the saved voices to every speaker or the first two before the dub, when the library has any', () => {
    const onSpeakerVoice = vi.fn();
    const { rerender } = render(<SettingsCard {...props} savedVoices={[]} onSpeakerVoice={onSpeakerVoice} />);
    expect(screen.queryByRole('group', { name: 'Saved voices' })).toBeNull();
    const voices = [
      { id: 'a1b2c3d4e5f60718', name: 'Narrator' },
      { id: '0918273645abcdef', name: 'Guest' },
    ];
    rerender(
      <SettingsCard
        {...props}
        savedVoices={voices}
        speakerVoices={{ S2: voices[1]!.id }}
        onSpeakerVoice={onSpeakerVoice}
      />,
    );
    const group = screen.getByRole('group', { name: 'Saved voices' });
    const first = within(group).getByLabelText('First speaker to talk');
    expect(
      within(first)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Their own voice', 'Narrator', 'Guest']);
    expect(within(group).getByLabelText<HTMLSelectElement>('Second speaker to talk').value).toBe(voices[1]!.id);
    fireEvent.change(first, { target: { value: voices[0]!.id } });
    expect(onSpeakerVoice).toHaveBeenCalledWith('S1', voices[0]!.id);
    fireEvent.change(within(group).getByLabelText('Second speaker to talk'), { target: { value: '' } });
    expect(onSpeakerVoice).toHaveBeenCalledWith('S2', undefined);
    fireEvent.change(within(group).getByLabelText('Every speaker'), { target: { value: voices[0]!.id } });
    expect(onSpeakerVoice).toHaveBeenCalledWith('*', voices[0]!.id);
    // With a voice for everyone, a speaker left alone says they take it.
    rerender(
      <SettingsCard
        {...props}
        savedVoices={voices}
        speakerVoices={{ '*': voices[0]!.id }}
        onSpeakerVoice={onSpeakerVoice}
      />,
    );
    expect(within(screen.getByLabelText('First speaker to talk')).getAllByRole('option')[0]!.textContent).toBe(
      'As every speaker (Narrator)',
    );
  });

  it('disables the button without a language, with no file, and while working', () => {
    const { rerender } = render(<SettingsCard {...props} />);
    expect(screen.getByRole('button', { name: 'Translate Audio & Lip Sync' })).toHaveProperty('disabled', true);
    rerender(<SettingsCard {...props} targetLanguage="spa" />);
    expect(screen.getByRole('button', { name: 'Translate Audio & Lip Sync' })).toHaveProperty('disabled', false);
    rerender(<SettingsCard {...props} targetLanguage="spa" working />);
    expect(screen.getByRole('button', { name: 'Translate Audio & Lip Sync' })).toHaveProperty('disabled', true);
    rerender(<SettingsCard {...props} targetLanguage="spa" hasFile={false} />);
    expect(screen.getByRole('button', { name: 'Translate Audio & Lip Sync' })).toHaveProperty('disabled', true);
  });

  it('offers Apply Lip Sync and Preserve Voice only in video modes', () => {
    const { rerender } = render(<SettingsCard {...props} />);
    fireEvent.click(screen.getByLabelText('Apply Lip Sync'));
    expect(props.onLipSync).toHaveBeenCalledWith(false);
    expect(screen.getByLabelText('Preserve Voice')).toBeTruthy();
    rerender(<SettingsCard {...props} stage="audio" />);
    expect(screen.queryByLabelText('Apply Lip Sync')).toBeNull();
    expect(screen.getByRole('button', { name: 'Translate Audio' })).toBeTruthy();
  });

  it('says next to Preserve Voice that it clones the voices in the file, or shapes them where nothing clones the language', () => {
    const cloning = {
      eng: { name: 'Pocket TTS', speechPerSecond: 2.5 },
      deu: { name: 'Slow Clone', speechPerSecond: 0.05 },
    };
    const { rerender } = render(<SettingsCard {...props} targetLanguage="eng" cloning={cloning} />);
    const note = (): string =>
      screen.getByRole('checkbox', { name: 'Preserve Voice' }).getAttribute('aria-describedby') ?? '';
    const described = (): string => document.getElementById(note())?.textContent ?? '';
    expect(described()).toBe(
      'Preserve Voice copies the voice of each speaker in your file. Use it only on voices you have the right to use.',
    );
    // The engine's name is under Details, beside the sentence.
    const details = (): string =>
      document.getElementById(note())?.parentElement?.querySelector('details')?.textContent ?? '';
    expect(details()).toBe('DetailsVoices are cloned with Pocket TTS.');
    rerender(<SettingsCard {...props} targetLanguage="deu" cloning={cloning} />);
    expect(described()).toMatch(/It is slow here: about 20 s of work per second of speech\./);
    rerender(<SettingsCard {...props} targetLanguage="yue" cloning={cloning} />);
    expect(described()).toMatch(
      /^Preserve Voice: nothing here can copy a voice in Cantonese yet, so each speaker gets a stand-in voice tuned to theirs/,
    );
    expect(described()).toMatch(/Use it only on voices you have the right to use\.$/);
  });

  it('groups the languages by what they give and says it next to the button', () => {
    const qualities = {
      fra: { quality: 'full', engine: 'apertium' },
      spa: { quality: 'full', engine: 'apertium' },
      jpn: { quality: 'gist', engine: 'dictionary' },
    } as const;
    const { container, rerender } = render(<SettingsCard {...props} qualities={qualities} />);
    const groups = [...container.querySelectorAll('optgroup')].map((group) => [
      group.getAttribute('label'),
      [...group.querySelectorAll('option')].map((option) => option.textContent),
    ]);
    expect(groups).toEqual([
      ['Full translation', ['🇫🇷 French', '🇪🇸 Spanish']],
      ['Word-by-word gist (offline dictionary)', ['🇯🇵 Japanese']],
    ]);
    const qualityNote = (): string => container.querySelector('.quality-note p')?.textContent ?? '';
    rerender(<SettingsCard {...props} qualities={qualities} targetLanguage="jpn" />);
    expect(qualityNote()).toBe('Japanese: a word-by-word gist from a dictionary, not a fluent translation.');
    rerender(<SettingsCard {...props} qualities={qualities} targetLanguage="fra" />);
    expect(qualityNote()).toBe('French: full machine translation.');
    expect(container.querySelector('.quality-note details')?.textContent).toBe('DetailsTranslated by apertium.');
  });

  it('offers the speaker count (found from the audio unless said), as the API takes it', () => {
    const onSpeakers = vi.fn();
    const { rerender } = render(<SettingsCard {...props} onSpeakers={onSpeakers} />);
    const select = screen.getByLabelText('Speakers');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toHaveLength(21);
    expect((select as HTMLSelectElement).value).toBe('');
    fireEvent.change(select, { target: { value: '2' } });
    expect(onSpeakers).toHaveBeenLastCalledWith(2);
    rerender(<SettingsCard {...props} speakers={2} onSpeakers={onSpeakers} />);
    fireEvent.change(screen.getByLabelText('Speakers'), { target: { value: '' } });
    expect(onSpeakers).toHaveBeenLastCalledWith(undefined);
  });

  it('offers bilingual subtitles in every mode, saying where they go', () => {
    const onBilingual = vi.fn();
    const { rerender } = render(<SettingsCard {...props} stage="audio" onBilingualSubtitles={onBilingual} />);
    const box = screen.getByRole('checkbox', { name: /Bilingual subtitles/ });
    expect(screen.getByText(/as files to download/).textContent).not.toMatch(/video/);
    fireEvent.click(box);
    expect(onBilingual).toHaveBeenLastCalledWith(true);
    rerender(<SettingsCard {...props} stage="video" bilingualSubtitles onBilingualSubtitles={onBilingual} />);
    expect(screen.getByRole('checkbox', { name: /Bilingual subtitles/ })).toHaveProperty('checked', true);
    expect(screen.getByText(/in the video’s subtitles/)).toBeTruthy();
  });

  it('offers to remove the original voice instead of ducking it, saying what goes with it', () => {
    const onRemove = vi.fn();
    render(<SettingsCard {...props} stage="audio" onAsked={onRemove} />);
    const box = screen.getByRole('checkbox', { name: 'Remove the original voice' });
    expect(box).toHaveProperty('checked', false);
    expect(screen.getByText(/turned down under each dubbed line/).textContent).toMatch(/music and ambience go/);
    fireEvent.click(box);
    expect(onRemove).toHaveBeenLastCalledWith({ originalSpeech: 'remove', duckDb: undefined });
  });

  it('offers how far the original is lowered under the dub, unless it is removed', () => {
    const onDuck = vi.fn();
    const { rerender } = render(<SettingsCard {...props} stage="audio" onAsked={onDuck} />);
    const menu = screen.getByLabelText('Original under the dub');
    expect((menu as HTMLSelectElement).value).toBe('');
    fireEvent.change(menu, { target: { value: '40' } });
    expect(onDuck).toHaveBeenLastCalledWith({ duckDb: 40 });
    fireEvent.change(menu, { target: { value: '' } });
    expect(onDuck).toHaveBeenLastCalledWith({ duckDb: undefined });
    rerender(<SettingsCard {...props} stage="audio" asked={{ originalSpeech: 'remove' }} onAsked={onDuck} />);
    expect(screen.queryByLabelText('Original under the dub')).toBeNull();
  });

  it('offers the creator’s glossaries once there is one', () => {
    const onGlossary = vi.fn();
    const { rerender } = render(<SettingsCard {...props} glossaries={[]} onGlossary={onGlossary} />);
    expect(screen.queryByLabelText('Glossary')).toBeNull();
    rerender(<SettingsCard {...props} glossaries={[{ id: 'g1', name: 'Cooking channel' }]} onGlossary={onGlossary} />);
    fireEvent.change(screen.getByLabelText('Glossary'), { target: { value: 'g1' } });
    expect(onGlossary).toHaveBeenLastCalledWith('g1');
  });
});
