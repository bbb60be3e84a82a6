import { describe, expect, it } from 'vitest';
import { AudioUrlBody, CreateJobForm, ProcessVideoForm, TranslateForm, type FormBody } from '@voxlate/contract';
import { BadInput } from '@voxlate/core';
import { readForm, readJsonBody } from './request-fields.js';

describe('readForm', () => {
  it('keeps Preserve Voice (cloning) on unless use_voice_cloning is "false", and reads an optional speaker count', () => {
    const read = (fields: Record<string, string>) => readForm(TranslateForm, { target_language: 'spa', ...fields });
    expect(read({}).task.choices.voice).toEqual({ mode: 'clone' });
    expect(read({ use_voice_cloning: 'true', speakers: '3' }).task.choices.voice).toEqual({
      mode: 'clone',
      speakers: 3,
    });
    expect(read({ use_voice_cloning: 'false', speakers: '' }).task.choices.voice).toEqual({ mode: 'neutral' });
  });

  it('takes the voice mode by name, over use_voice_cloning, and refuses an unknown one', () => {
    const read = (fields: Record<string, string>) => readForm(TranslateForm, { target_language: 'spa', ...fields });
    expect(read({ voice: 'shaped', use_voice_cloning: 'true' }).task.choices.voice).toEqual({ mode: 'shaped' });
    expect(read({ voice: 'neutral' }).task.choices.voice).toEqual({ mode: 'neutral' });
    expect(() => read({ voice: 'preserve' })).toThrow(
      /Unknown voice "preserve". Valid voices: clone, shaped, neutral./,
    );
  });

  it('groups what the creator chose: lip sync and burn-in apart from the voice', () => {
    const asked = readForm(ProcessVideoForm, {
      target_language: ' fra ',
      apply_lip_sync: 'true',
      burn_subtitles: 'false',
      mt_engine: 'apertium',
    });
    expect(asked.task).toMatchObject({
      targetLanguage: 'fra',
      sourceLanguage: 'auto',
      choices: { voice: { mode: 'clone' }, lipSync: true, subtitles: { burnIn: false } },
      engines: { mt: 'apertium' },
    });
  });

  it('reads the tempo cap, a creator choice of timing, between 1 and 3', () => {
    const read = (tempo_cap: string) => readForm(CreateJobForm, { target_language: 'spa', tempo_cap });
    expect(read('1.15').task.choices.timing).toEqual({ tempoCap: 1.15 });
    expect(readForm(CreateJobForm, { target_language: 'spa' }).task.choices.timing).toBeUndefined();
    for (const tempo of ['0.9', '3.5', 'fast', '1e0']) {
      expect(() => read(tempo)).toThrow(/^tempo_cap must be a number from 1 to 3, got "/);
    }
  });

  it('reads what becomes of the original voice without a separator: ducked by default, removed when asked', () => {
    const forms: FormBody[] = [TranslateForm, ProcessVideoForm, CreateJobForm];
    for (const form of forms) {
      const read = (fields: Record<string, string>) => readForm(form, { target_language: 'spa', ...fields });
      expect(read({}).task.choices.originalSpeech).toBe('duck');
      expect(read({ original_speech: 'remove' }).task.choices.originalSpeech).toBe('remove');
      expect(() => read({ original_speech: 'mute' })).toThrow(
        /^Unknown original_speech "mute"\. Valid values: duck, remove\.$/,
      );
    }
    expect(
      readJsonBody(AudioUrlBody, { url: 'https://a.example/t.mp3', target_language: 'spa', original_speech: 'remove' })
        .task.choices.originalSpeech,
    ).toBe('remove');
  });

  it('reads how far the original is ducked, 6 to 40 dB', () => {
    const read = (duck_db: string) => readForm(TranslateForm, { target_language: 'spa', duck_db });
    expect(read('18').task.choices.duckDb).toBe(18);
    expect(readForm(TranslateForm, { target_language: 'spa' }).task.choices.duckDb).toBeUndefined();
    for (const db of ['5', '40.5', '-24', 'loud']) {
      expect(() => read(db)).toThrow(/^duck_db must be a number of decibels from 6 to 40, such as 18, got "/);
    }
    expect(
      readJsonBody(AudioUrlBody, { url: 'https://a.example/t.mp3', target_language: 'spa', duck_db: 30 }).task.choices
        .duckDb,
    ).toBe(30);
  });

  it('reads the part of a file to dub, start and end in seconds', () => {
    const read = (fields: Record<string, string>) => readForm(CreateJobForm, { target_language: 'spa', ...fields });
    expect(read({ start: '12.5', end: '40' }).task.choices.timing).toEqual({ part: { start: 12.5, end: 40 } });
    expect(read({ end: '9' }).task.choices.timing).toEqual({ part: { end: 9 } });
    expect(() => read({ start: '-1' })).toThrow(/^start must be a number of seconds, such as 12 or 12\.5, got "-1"\.$/);
  });

  it('refuses a flag or a count it cannot read, naming the field, in the words the contract gives it', () => {
    const read = (fields: Record<string, string>) => () =>
      readForm(CreateJobForm, { target_language: 'spa', ...fields });
    expect(read({ use_voice_cloning: 'yes' })).toThrow(/^use_voice_cloning must be "true" or "false", got "yes"\.$/);
    for (const speakers of ['0', '21', '2.5', 'many', '-1']) expect(read({ speakers })).toThrow(BadInput);
    expect(read({ speakers: 'many' })).toThrow(/^speakers must be a whole number from 1 to 20, got "many"\.$/);
    expect(read({ apply_lip_sync: 'maybe' })).toThrow(/^apply_lip_sync must be "true" or "false"/);
  });

  it('says the spec message for a missing language and names the valid codes for an unknown one', () => {
    expect(() => readForm(TranslateForm, {})).toThrow(/^Please select a target language$/);
    expect(() => readForm(TranslateForm, { target_language: '  ' })).toThrow(/^Please select a target language$/);
    expect(() => readForm(TranslateForm, { target_language: 'xx' })).toThrow(
      /^Unknown target_language "xx"\. Valid codes: eng, cmn, yue/,
    );
    expect(() => readForm(TranslateForm, { target_language: 'spa', source_language: 'klingon' })).toThrow(
      /^Unknown source_language "klingon"/,
    );
    expect(() => readForm(TranslateForm, { target_language: 'spa', backend: 'magic' })).toThrow(
      /^Unknown backend "magic"\. Valid backends: cascaded\.$/,
    );
    expect(() => readForm(TranslateForm, { target_language: 'spa', request_id: 'short' })).toThrow(
      /request_id must be/,
    );
  });

  it('reads the link flow from JSON, trimming what it is given', () => {
    expect(readJsonBody(AudioUrlBody, { url: ' https://x.test/a.mp3 ', target_language: 'ita' })).toMatchObject({
      url: 'https://x.test/a.mp3',
      task: { targetLanguage: 'ita' },
    });
    expect(() => readJsonBody(AudioUrlBody, { target_language: 'ita' })).toThrow(
      /^Please enter a valid http or https URL\.$/,
    );
    expect(() =>
      readJsonBody(AudioUrlBody, { url: 'https://x.test/a.mp3', target_language: 'ita', subtitles: 5 }),
    ).toThrow(/subtitles must be the text of an SRT or WebVTT file/);
  });
});

describe('readJsonBody (a link)', () => {
  it('checks the voice fields of a link as of a form: a speaker count is read, a bad one refused', () => {
    const read = (fields: Record<string, unknown>) =>
      readJsonBody(AudioUrlBody, { url: 'https://example.test/talk.mp3', target_language: 'spa', ...fields });
    expect(read({ speakers: '2' }).task.choices.voice).toEqual({ mode: 'clone', speakers: 2 });
    expect(() => read({ speakers: 'many' })).toThrow(/^speakers must be a whole number from 1 to 20, got "many"\.$/);
    expect(read({ use_voice_cloning: 'false' }).task.choices.voice).toEqual({ mode: 'neutral' });
  });

  it('takes JSON numbers and flags for the fields that hold them, checked as their text', () => {
    const read = (fields: Record<string, unknown>) =>
      readJsonBody(AudioUrlBody, { url: 'https://example.test/talk.mp3', target_language: 'spa', ...fields });
    expect(read({ speakers: 3, use_voice_cloning: false }).task.choices.voice).toEqual({
      mode: 'neutral',
      speakers: 3,
    });
    expect(read({ start: 1.5, end: 12, tempo_cap: 1.2 }).task.choices.timing).toEqual({
      tempoCap: 1.2,
      part: { start: 1.5, end: 12 },
    });
    expect(read({ bilingual_subtitles: true }).task.choices.subtitles?.bilingual).toBe(true);
    expect(() => read({ speakers: 30 })).toThrow(/^speakers must be a whole number from 1 to 20, got "30"\.$/);
    // Only where a number is meant: a language is never a number.
    expect(() => read({ target_language: 5 })).toThrow(/target_language/);
  });
});
