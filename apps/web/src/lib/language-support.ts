import { useEffect, useState } from 'react';
import { addressOf, Routes, type AnswerOf } from '@voxlate/contract';
import type { PlainNote } from './plain-note.js';

/** One language as /api/languages answers it (read from the route in the contract). */
type LanguageAnswer = AnswerOf<typeof Routes.listLanguages>[number];
/** One voice of a language's synthesiser, as /api/languages lists it. */
export type VoiceListing = NonNullable<LanguageAnswer['stages']['speech']>['voices'][number];

/** What a dub into a language gives here: a full machine translation or a word-by-word gist, and by what. */
export interface LanguageQuality {
  quality: 'full' | 'gist';
  engine: string;
}

/** The engine that clones the speakers' voices into a language here, and how fast it is. */
export interface CloneSupport {
  name: string;
  /** Seconds of speech it makes per second on two cores (below 1: slower than real time). */
  speechPerSecond: number;
}

/** The synthesiser a language is spoken by here, and its voices. */
export interface SpeechSupport {
  engine: string;
  name: string;
  /** eSpeak NG's formant voice: nothing better is installed for the language. */
  robotic: boolean;
  voices: VoiceListing[];
}

/** What this installation can do with each language, from /api/languages. */
export interface LanguageSupport {
  /** The targets whose voices are cloned here (the others are shaped). */
  cloning: Record<string, CloneSupport>;
  /** Each target's translation quality from English. */
  quality: Record<string, LanguageQuality>;
  /** Languages a recogniser here can hear (the others need a subtitles file as the source). */
  heard: string[];
  /** Languages a detector here can tell apart ('auto' is offered only when there are some). */
  detected: string[];
  /** Languages a live recogniser here can hear as they are spoken (live translation's sources). */
  live: string[];
  /** Each target's synthesiser and voices. */
  speech: Record<string, SpeechSupport>;
}

export const NO_SUPPORT_KNOWN: LanguageSupport = {
  cloning: {},
  quality: {},
  heard: [],
  detected: [],
  live: [],
  speech: {},
};

export async function fetchLanguageSupport(signal?: AbortSignal): Promise<LanguageSupport> {
  const response = await fetch(addressOf(Routes.listLanguages), signal ? { signal } : {});
  if (!response.ok) return NO_SUPPORT_KNOWN;
  const languages = (await response.json()) as LanguageAnswer[];
  return {
    quality: Object.fromEntries(
      languages.flatMap((language) => {
        const translation = language.stages.translation_from_english;
        return translation ? [[language.code, translation]] : [];
      }),
    ),
    cloning: Object.fromEntries(
      languages.flatMap((language) => {
        const cloner = language.stages.voice_cloning;
        return cloner ? [[language.code, { name: cloner.name, speechPerSecond: cloner.speech_per_second }]] : [];
      }),
    ),
    heard: languages.filter((language) => language.stages.recognition.length > 0).map((language) => language.code),
    detected: languages.filter((language) => language.stages.detection.length > 0).map((language) => language.code),
    live: languages.filter((language) => language.stages.live_recognition.length > 0).map((language) => language.code),
    speech: Object.fromEntries(
      languages.flatMap((language) => (language.stages.speech ? [[language.code, language.stages.speech]] : [])),
    ),
  };
}

/** The support, once the service has said it (nothing known until then, or when it cannot). */
export function useLanguageSupport(): LanguageSupport {
  const [support, setSupport] = useState<LanguageSupport>(NO_SUPPORT_KNOWN);
  useEffect(() => {
    const controller = new AbortController();
    fetchLanguageSupport(controller.signal)
      .then(setSupport)
      .catch(() => setSupport(NO_SUPPORT_KNOWN));
    return () => controller.abort();
  }, []);
  return support;
}

/** The source language the studio sends when the creator has not chosen one. */
export function defaultSourceLanguage(support: LanguageSupport): string {
  return support.detected.length > 0 ? 'auto' : 'eng';
}

/**
 * What Preserve Voice does for the chosen language, and the consent it asks for: a clone of the
 * voices in the file where an engine here clones that language, a voice shaped to them elsewhere.
 */
export function voiceNote(name: string, cloner: CloneSupport | undefined): PlainNote {
  const consent = 'Use it only on voices you have the right to use.';
  if (!name) return { text: `Preserve Voice copies the voice of each speaker in your file. ${consent}` };
  if (!cloner) {
    return {
      text:
        `Preserve Voice: nothing here can copy a voice in ${name} yet, so each speaker gets a stand-in voice ` +
        `tuned to theirs (pitch, range, tone, intonation). ${consent}`,
      details:
        `No voice-cloning engine for ${name} is installed, so the shaped voice is used. ` +
        'Whoever runs this service can add one (npm run models -- list); the dub then copies the voices in your file.',
    };
  }
  const pace =
    cloner.speechPerSecond < 1
      ? ` It is slow here: about ${Math.round(1 / cloner.speechPerSecond)} s of work per second of speech.`
      : '';
  return {
    text: `Preserve Voice copies the voice of each speaker in your file.${pace} ${consent}`,
    details: `Voices are cloned with ${cloner.name}.`,
  };
}

/** What the creator is told next to the button about the chosen language's translation. */
export function qualityNote(name: string, quality: LanguageQuality | undefined): PlainNote | undefined {
  if (!quality) return undefined;
  return quality.quality === 'full'
    ? { text: `${name}: full machine translation.`, details: `Translated by ${quality.engine}.` }
    : {
        text: `${name}: a word-by-word gist from a dictionary, not a fluent translation.`,
        details:
          `Translated by ${quality.engine}. Whoever runs this service can install a translation model ` +
          `for fluent ${name} (npm run models -- list).`,
      };
}

/**
 * Who speaks the dub in the chosen language: a natural-sounding offline voice, or a robotic one
 * where nothing better is installed (said plainly: it is what the viewer will hear).
 */
export function speechNote(name: string, speech: SpeechSupport | undefined): PlainNote | undefined {
  if (!name || !speech) return undefined;
  const sexes = new Set(speech.voices.map((voice) => voice.gender));
  const kinds =
    sexes.has('female') && sexes.has('male')
      ? 'women’s and men’s voices'
      : sexes.has('female')
        ? 'a woman’s voice only: men are spoken by it, lowered to their pitch'
        : 'a man’s voice only: women are spoken by it, raised to their pitch';
  const voices = speech.voices.map((voice) => voice.name).join(', ');
  if (speech.robotic) {
    return {
      text: `${name} is spoken by a robotic voice: no natural-sounding voice for ${name} is installed here.`,
      details: `${speech.name}, a formant synthesiser (${voices}). Whoever runs this service can opt in to more voices or add models (npm run models -- list).`,
    };
  }
  const restricted = speech.voices.filter((voice) => voice.non_commercial).map((voice) => voice.name);
  const licence =
    restricted.length > 0
      ? ` ${restricted.length > 1 ? 'Some of its voices are' : 'One of its voices is'} for non-commercial use only (opted in here): a dub spoken by ${restricted.length > 1 ? 'them' : 'it'} may not be sold.`
      : '';
  return {
    text: `${name} is spoken by a natural-sounding offline voice with ${kinds}; each speaker gets the one nearest their own.${licence}`,
    details: `${speech.name}: ${voices}.${restricted.length > 0 ? ` Non-commercial: ${restricted.join(', ')}.` : ''}`,
  };
}
