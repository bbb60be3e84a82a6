import {
  DEFAULT_FIT,
  Internal,
  LiveSession,
  type EngineResolver,
  type LanguageCode,
  type LiveEvent,
  type LiveRecogniser,
  type Pronunciation,
  type Synthesiser,
  type Translator,
  type VoiceShaper,
} from '@voxlate/core';

export interface LiveLanguages {
  source: LanguageCode;
  target: LanguageCode;
  /** How words of the target are said (a glossary's "say as"): the voice reads the respellings. */
  lexicon?: readonly Pronunciation[];
}

/** What a live session runs on, for the client's `ready` message and the logs. */
export interface LiveSessionEngines {
  recognition: string;
  translation: string;
  synthesis: string;
}

/**
 * A live session with its engines loaded and its recogniser running, ready for audio. Refuses
 * (UnsupportedLanguage) before anything is started when a language has no live recogniser,
 * translator or voice here. The engines are the warm ones batch dubs use; only the recogniser's
 * decoder is the session's own, and it is stopped when the session ends or is cancelled.
 */
export async function openLiveSession(
  resolver: EngineResolver,
  languages: LiveLanguages,
  emit: (event: LiveEvent) => void,
  signal?: AbortSignal,
): Promise<{ session: LiveSession; engines: LiveSessionEngines }> {
  const { recogniser, translator, synthesiser } = await liveEnginesFor(resolver, languages);
  const detector = await resolver.voiceActivity();
  if (!detector.openStream)
    throw new Internal(`The voice activity detector ${detector.id} cannot judge a live stream.`);
  const [shaper, stretcher, baseVoices] = await Promise.all([
    resolver.voiceShaper(),
    resolver.stretcher(),
    synthesiser.baseVoices?.(languages.target) ?? Promise.resolve([]),
  ]);
  await warmUp(translator, synthesiser, shaper, languages);
  // The recogniser is opened first (its decoder must be running) and tells the session its partials.
  const heard: { session?: LiveSession } = {};
  const recognition = await recogniser.open(languages.source, signal ? { signal } : {}, (text, line) =>
    heard.session?.partial(text, line),
  );
  const session = new LiveSession(
    { voiceActivity: detector.openStream(), recognition, recogniser, translator, synthesiser, shaper, stretcher },
    {
      sourceLanguage: languages.source,
      targetLanguage: languages.target,
      baseVoices,
      tempoCap: DEFAULT_FIT.tempoCap,
      ...(languages.lexicon ? { lexicon: languages.lexicon } : {}),
    },
    emit,
  );
  heard.session = session;
  return { session, engines: namesOf({ recogniser, translator, synthesiser }) };
}

/**
 * The engines a live session in these languages would run on, without starting anything (a
 * decoder starts only when a session opens); UnsupportedLanguage when one is missing here.
 */
export async function liveEnginesOf(resolver: EngineResolver, languages: LiveLanguages): Promise<LiveSessionEngines> {
  return namesOf(await liveEnginesFor(resolver, languages));
}

interface LiveEngines {
  recogniser: LiveRecogniser;
  translator: Translator;
  synthesiser: Synthesiser;
}

async function liveEnginesFor(resolver: EngineResolver, languages: LiveLanguages): Promise<LiveEngines> {
  return {
    recogniser: await resolver.liveRecogniser(languages.source),
    translator: await resolver.translator(languages),
    synthesiser: await resolver.synthesiser(languages.target),
  };
}

function namesOf(engines: LiveEngines): LiveSessionEngines {
  return { recognition: engines.recogniser.id, translation: engines.translator.id, synthesis: engines.synthesiser.id };
}

/**
 * One short line through the translator, the voice and the shaper before the session says it is
 * ready: the first line a speaker says is then as quick as the rest (an engine's first call loads
 * its dictionaries and voices; a warm service has them already and this costs milliseconds).
 */
async function warmUp(
  translator: Translator,
  synthesiser: Synthesiser,
  shaper: VoiceShaper,
  languages: LiveLanguages,
): Promise<void> {
  const { text } = await translator.translate({ text: 'Hello, and welcome.' }, languages, {});
  const speech = await synthesiser.synthesise(text || 'Hello.', languages.target, {});
  shaper.measure(speech.audio);
}
