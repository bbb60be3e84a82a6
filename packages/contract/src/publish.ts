import Type, { type Static } from 'typebox';
import { LANGUAGE_CODES } from './languages.js';
import { StringEnum } from './schema-kit.js';

/** The most a YouTube title and description take (characters). */
export const YOUTUBE_TITLE_MAX = 100;
export const YOUTUBE_DESCRIPTION_MAX = 5000;

/** What a publishing package is made with: the video's title and description, and the track players start with. */
export const PublishPackageBody = Type.Object(
  {
    title: Type.Optional(
      Type.String({
        maxLength: YOUTUBE_TITLE_MAX,
        pattern: '\\S',
        description: `The video's title, in its spoken language (at most ${YOUTUBE_TITLE_MAX} characters, as YouTube takes): translated into each language.`,
        'x-error': `"title" must be 1 to ${YOUTUBE_TITLE_MAX} characters, not only spaces.`,
      }),
    ),
    description: Type.Optional(
      Type.String({
        maxLength: YOUTUBE_DESCRIPTION_MAX,
        pattern: '\\S',
        description: `The video's description (at most ${YOUTUBE_DESCRIPTION_MAX} characters): translated paragraph by paragraph.`,
        'x-error': `"description" must be 1 to ${YOUTUBE_DESCRIPTION_MAX} characters, not only spaces.`,
      }),
    ),
    default_language: Type.Optional(
      StringEnum([...LANGUAGE_CODES], {
        description: "The audio track the MP4 starts with: the original's language (the default) or one of the dubs'.",
        'x-error': `Unknown default_language {value}. Valid codes: ${LANGUAGE_CODES.join(', ')}.`,
      }),
    ),
  },
  {
    additionalProperties: false,
    'x-unknown': 'Unknown field {field}: a package takes "title", "description" and "default_language".',
    'x-error': 'Send a JSON object with "title", "description" and/or "default_language" (all optional).',
  },
);

/** The metadata file in a package (`metadata.json`): per language, what to paste into YouTube Studio. */
export const PublishMetadata = Type.Object(
  {
    format: Type.Literal('voxlate-publish/1'),
    source_language: StringEnum([...LANGUAGE_CODES]),
    default_language: StringEnum([...LANGUAGE_CODES]),
    languages: Type.Array(
      Type.Object(
        {
          language: StringEnum([...LANGUAGE_CODES]),
          title: Type.Optional(Type.String()),
          description: Type.Optional(Type.String()),
          quality: StringEnum(['original', 'full', 'gist'], {
            description: "'gist': a word-by-word dictionary gloss somewhere in it: check it before publishing.",
          }),
          glossary_missed: Type.Array(Type.String()),
          audio: Type.String({ description: 'Its audio alone, at the video’s length (in the ZIP).' }),
          subtitles: Type.Object({ srt: Type.String(), vtt: Type.String() }, { additionalProperties: false }),
          job_id: Type.Optional(Type.String()),
        },
        { additionalProperties: false },
      ),
    ),
    notes: Type.Array(Type.String(), { description: 'What the package could not hold, and why.' }),
  },
  { additionalProperties: false },
);

export type PublishPackageBody = Static<typeof PublishPackageBody>;
export type PublishMetadata = Static<typeof PublishMetadata>;
