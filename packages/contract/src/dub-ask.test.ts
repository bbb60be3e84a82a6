import { describe, expect, expectTypeOf, it } from 'vitest';
import { check } from './check.js';
import {
  CARRIED_CHOICES,
  DUB_ASK_FIELDS,
  dubFieldsOf,
  dubFormData,
  jsonScalarsAsText,
  readDubAsk,
  type CarriedChoiceName,
  type DubAsk,
} from './dub-ask.js';
import { AudioUrlBody, CreateJobForm, ProcessVideoForm, TranslateForm } from './dub-forms.js';

/** A form's parts in order, names and text (the contract's DOM typings have no FormData iterator). */
function partsOf(form: FormData): [string, string][] {
  const parts: [string, string][] = [];
  form.forEach((value, name) => parts.push([name, typeof value === 'string' ? value : 'a file']));
  return parts;
}

const WIRE_NAMES = new Set<string>(Object.values(DUB_ASK_FIELDS).map((entry) => entry.field));

/** A request with every field a creator can set on the jobs API. */
const EVERYTHING: DubAsk = {
  targetLanguages: ['spa', 'fra'],
  sourceLanguage: 'eng',
  backend: 'cascaded',
  url: 'https://example.test/talk.mp4',
  subtitles: '1\n00:00:00,000 --> 00:00:01,000\nHello\n',
  useVoiceCloning: false,
  voice: 'shaped',
  speakers: 3,
  tempoCap: 1.25,
  start: '2.5',
  end: 40,
  originalSpeech: 'remove',
  duckDb: 18,
  applyLipSync: true,
  burnSubtitles: false,
  bilingualSubtitles: true,
  glossaryId: '0123456789abcdef',
  asrEngine: 'whisper',
  mtEngine: 'apertium',
  ttsEngine: 'espeak-ng',
  cloneEngine: 'openvoice',
  diariseEngine: 'pyannote',
};

describe('DubAsk, the typed request both ends use', () => {
  it("is typed from the fields' one declaration: code names, carried kinds, the choices carried as they are", () => {
    expectTypeOf<DubAsk['duckDb']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<DubAsk['applyLipSync']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<DubAsk['start']>().toEqualTypeOf<string | number | undefined>();
    expectTypeOf<CarriedChoiceName>().toEqualTypeOf<'duckDb'>();
    expect(DUB_ASK_FIELDS.duckDb).toEqual({ field: 'duck_db', kind: 'number' });
    expect(DUB_ASK_FIELDS.speakerVoices).toEqual({ field: 'speaker_voices', kind: 'assignments' });
    expect(CARRIED_CHOICES).toEqual(['duckDb']);
  });

  it('names every field of every dub form and of the link body (a field added to a form needs its name here)', () => {
    for (const schema of [TranslateForm.fields, ProcessVideoForm.fields, CreateJobForm.fields, AudioUrlBody]) {
      expect(Object.keys(schema.properties).filter((field) => !WIRE_NAMES.has(field))).toEqual([]);
    }
  });

  it('comes back as it was sent: written as a form, checked by the schema, read back', () => {
    const body = dubFormData(CreateJobForm, EVERYTHING);
    const fields = Object.fromEntries(partsOf(body));
    const checked = check(CreateJobForm.fields, fields);
    expect(checked).toMatchObject({ ok: true });
    const read = readDubAsk(fields, true);
    expect(read).toEqual({
      ok: true,
      value: { ...EVERYTHING, targetLanguage: 'spa', start: 2.5 },
    });
  });

  it('puts the media under the form’s own part and leaves out what was not asked', () => {
    const media = new Blob(['x']);
    const video = dubFormData(ProcessVideoForm, { targetLanguage: 'spa' }, { media });
    expect(partsOf(video).map(([name]) => name)).toEqual(['video', 'target_language']);
    expect(partsOf(dubFormData(TranslateForm, { targetLanguage: 'spa' }, { media })).map(([name]) => name)).toEqual([
      'file',
      'target_language',
    ]);
    expect(dubFieldsOf({ targetLanguage: 'ita', speakers: undefined })).toEqual({ target_language: 'ita' });
  });

  it('takes JSON numbers and flags only in the fields that carry one', () => {
    expect(jsonScalarsAsText({ speakers: 2, apply_lip_sync: true, start: 1.5, target_language: 5 })).toEqual({
      speakers: '2',
      apply_lip_sync: 'true',
      start: '1.5',
      target_language: 5,
    });
  });

  it('refuses targets it cannot take, in words', () => {
    expect(readDubAsk({}, true)).toEqual({ ok: false, message: 'Please select a target language' });
    expect(readDubAsk({ target_languages: 'spa,fra' }, false)).toMatchObject({ ok: false });
    expect(readDubAsk({ target_language: 'spa', target_languages: 'fra' }, true)).toEqual({
      ok: false,
      message: 'Send target_language or target_languages, not both.',
    });
    expect(readDubAsk({ target_languages: 'spa, fra,spa' }, true)).toEqual({
      ok: false,
      message: 'target_languages names spa twice.',
    });
  });
});
