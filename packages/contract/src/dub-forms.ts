import Type, { type TObject, type TProperties } from 'typebox';
import { DubFields } from './dub-fields.js';

/** A multipart form: its text fields (checked as one object) and its file parts. */
export interface FormBody<Fields extends TProperties = TProperties> {
  fields: TObject<Fields>;
  files: Record<string, { description: string; required: boolean }>;
  /** The file part that carries the media (`file` or `video`). */
  mediaPart: string;
  /** Said in refusals of a malformed form: what the endpoint takes. */
  expected: string;
  /**
   * Groups of parts (fields or files) of which exactly one is sent: published as `oneOf`, checked
   * by the server when the form is read (a file part is only known then).
   */
  oneOfEach?: string[][];
}

/**
 * The first of a form's exactly-one-of rules that the parts sent (fields and files, by name)
 * break, in words; undefined when every rule holds.
 */
export function oneOfEachProblem(form: FormBody, sent: ReadonlySet<string>): string | undefined {
  for (const group of form.oneOfEach ?? []) {
    const given = group.filter((name) => sent.has(name));
    if (given.length === 1) continue;
    const names = group.map((name) => `a "${name}"`).join(' or ');
    return given.length === 0 ? `Send ${names} to dub.` : `Send ${names}, not both.`;
  }
  return undefined;
}

function form<Fields extends TProperties>(
  fields: Fields,
  required: (keyof Fields & string)[],
  files: FormBody['files'],
  expected: string,
  oneOfEach?: string[][],
): FormBody<Fields> {
  // Fields a form does not name are ignored, as a browser's FormData may carry more.
  const object = Type.Object(fields, { additionalProperties: true });
  (object as { required?: string[] }).required = required;
  // Every form's parts are its media and, optionally, subtitles.
  const mediaPart = Object.keys(files).find((part) => part !== 'subtitles')!;
  return { fields: object, files, mediaPart, expected, ...(oneOfEach ? { oneOfEach } : {}) };
}

const { target_language, source_language, backend, subtitles, request_id } = DubFields;
const { use_voice_cloning, voice: voiceMode, speakers, tempo_cap, apply_lip_sync, burn_subtitles, url } = DubFields;
const { bilingual_subtitles, start, end, glossary_id, original_speech, duck_db, speaker_voices } = DubFields;
const engines = {
  asr_engine: Type.Optional(DubFields.asr_engine),
  mt_engine: Type.Optional(DubFields.mt_engine),
  tts_engine: Type.Optional(DubFields.tts_engine),
  diarise_engine: Type.Optional(DubFields.diarise_engine),
};
const source = {
  source_language: Type.Optional(source_language),
  subtitles: Type.Optional(subtitles),
  bilingual_subtitles: Type.Optional(bilingual_subtitles),
  glossary_id: Type.Optional(glossary_id),
};
const voice = {
  use_voice_cloning: Type.Optional(use_voice_cloning),
  voice: Type.Optional(voiceMode),
  speakers: Type.Optional(speakers),
  speaker_voices: Type.Optional(speaker_voices),
};
const timing = {
  tempo_cap: Type.Optional(tempo_cap),
  start: Type.Optional(start),
  end: Type.Optional(end),
  original_speech: Type.Optional(original_speech),
  duck_db: Type.Optional(duck_db),
};
const picture = { apply_lip_sync: Type.Optional(apply_lip_sync), burn_subtitles: Type.Optional(burn_subtitles) };
const subtitlesFile = {
  description: 'An SRT or WebVTT file used as the source text (or the `subtitles` field as text).',
  required: false,
};

/** POST /translate (the spec's audio mode). */
export const TranslateForm = form(
  {
    target_language,
    backend: Type.Optional(backend),
    ...source,
    request_id: Type.Optional(request_id),
    ...voice,
    // Declared, so checked: the service reads tempo_cap, start, end and original_speech from every form.
    ...timing,
    ...engines,
  },
  ['target_language'],
  { file: { description: 'The audio or video to dub (150 MB at most).', required: true }, subtitles: subtitlesFile },
  'Send multipart/form-data with the fields "file" and "target_language".',
);

/** POST /process-video (the spec's video and both modes). */
export const ProcessVideoForm = form(
  { target_language, backend: Type.Optional(backend), ...source, ...voice, ...timing, ...picture, ...engines },
  ['target_language'],
  { video: { description: 'The video to dub (150 MB at most).', required: true }, subtitles: subtitlesFile },
  'Send multipart/form-data with the fields "video" and "target_language".',
);

/** POST /api/jobs: a file or a link, into one language or several. */
export const CreateJobForm = form(
  {
    target_language: Type.Optional(target_language),
    target_languages: Type.Optional(DubFields.target_languages),
    url: Type.Optional(url),
    backend: Type.Optional(backend),
    ...source,
    ...voice,
    ...timing,
    ...picture,
    ...engines,
  },
  [],
  {
    file: { description: 'The audio or video to dub (150 MB at most), or give `url`.', required: false },
    subtitles: subtitlesFile,
  },
  'Send multipart/form-data with "file" (or "url") and "target_language" (or "target_languages").',
  [
    ['target_language', 'target_languages'],
    ['file', 'url'],
  ],
);

export const AUDIO_URL_EXPECTED = 'Send a JSON object such as {"url": "https://…/talk.mp3", "target_language": "spa"}.';

/** POST /process-audio-url: JSON. */
export const AudioUrlBody = Type.Object(
  {
    url,
    target_language,
    backend: Type.Optional(backend),
    source_language: Type.Optional(source_language),
    request_id: Type.Optional(request_id),
    subtitles: Type.Optional(subtitles),
    bilingual_subtitles: Type.Optional(bilingual_subtitles),
    glossary_id: Type.Optional(glossary_id),
    // Declared, so checked: the service reads them from a link's body as from a form.
    ...voice,
    ...timing,
    ...engines,
  },
  {
    additionalProperties: true,
    description: "A link to dub, as the studio's Paste URL tab sends it.",
    'x-error': `The request body is JSON but not an object. ${AUDIO_URL_EXPECTED}`,
  },
);
