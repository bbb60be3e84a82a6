import {
  LANGUAGES,
  isLanguageDetector,
  quoteInput,
  UnsupportedLanguage,
  type EngineResolver,
  type LanguageCode,
  type LanguageDetector,
  type LanguagePair,
  type Recogniser,
  type Diariser,
  type EngineInfo,
  type Separator,
  type Synthesiser,
  type TimeStretcher,
  type Translator,
  type VoiceActivityDetector,
  type VoiceShaper,
  type LipSyncer,
  type VoiceCloner,
  type LiveRecogniser,
  type SpeakerLikeness,
} from '@voxlate/core';
import type { EngineRegistry } from './registry.js';
import { VoiceSet } from './tts/voice-set.js';
import { NO_SCORES, pairKey, readMeasuredScores, type MeasuredScores } from './measured-scores.js';
import type { EngineRegistries } from './offline-registries.js';

export interface ResolverOptions {
  /** The scores file `npm run eval` writes; when every able engine of a pair is scored, the best scored wins. */
  scoresFile?: string;
}

/**
 * Picks engines from the registries: a named engine if given (and able), else the best
 * installed one for the language; full translation beats a gist whatever the rank, and among
 * full translators measured quality beats rank when every one of them has been measured.
 */
export class RegistryResolver implements EngineResolver {
  private scores: Promise<MeasuredScores> | undefined;
  /** Each language's synthesiser with any voices lent to it, made once (the engines are kept warm anyway). */
  private readonly voiceSets = new Map<LanguageCode, Promise<Synthesiser | undefined>>();

  constructor(
    readonly registries: EngineRegistries,
    private readonly options: ResolverOptions = {},
  ) {}

  async voiceActivity(): Promise<VoiceActivityDetector> {
    const [best] = await this.registries.vad.candidates(() => true);
    if (!best) throw new UnsupportedLanguage('No voice activity detector is installed.');
    return best;
  }

  async recogniser(language: LanguageCode, id?: string): Promise<Recogniser> {
    return this.hearing(
      this.registries.asr,
      language,
      id,
      (offered) =>
        new UnsupportedLanguage(
          `No speech recogniser for ${LANGUAGES[language].name} is installed` +
            (id ? ` (${quoteInput(id)} does not speak it)` : '') +
            `. Installed: ${offered}. ` +
            `Give subtitles as the source (--transcript) to dub ${LANGUAGES[language].name} speech.`,
        ),
    );
  }

  async languageDetector(id?: string): Promise<LanguageDetector | undefined> {
    if (id) {
      const named = await this.registries.asr.get(id);
      if (isLanguageDetector(named)) return named;
    }
    const [best] = await this.registries.asr.candidates((engine) => isLanguageDetector(engine));
    return best as LanguageDetector | undefined;
  }

  async translator(pair: LanguagePair, id?: string): Promise<Translator> {
    const able = (engine: Translator): boolean => engine.qualityFor(pair) !== undefined;
    if (id) {
      const engine = await this.registries.mt.get(id);
      if (able(engine)) return engine;
    } else {
      const candidates = await this.registries.mt.candidates(able);
      const full = candidates.filter((engine) => engine.qualityFor(pair) === 'full');
      const best = (await this.bestMeasured(full, pair)) ?? full[0] ?? candidates[0];
      if (best) return best;
    }
    throw new UnsupportedLanguage(
      `No translation from ${LANGUAGES[pair.source].name} to ${LANGUAGES[pair.target].name} is installed` +
        (id ? ` in ${quoteInput(id)}` : '') +
        '.',
    );
  }

  /** The best scored of the translators when all of them were measured for the pair. */
  private async bestMeasured(translators: Translator[], pair: LanguagePair): Promise<Translator | undefined> {
    this.scores ??= this.options.scoresFile ? readMeasuredScores(this.options.scoresFile) : Promise.resolve(NO_SCORES);
    const measured = (await this.scores).translation[pairKey(pair.source, pair.target)] ?? {};
    if (translators.length < 2 || !translators.every((engine) => measured[engine.id] !== undefined)) return undefined;
    return [...translators].sort((a, b) => measured[b.id]! - measured[a.id]!)[0];
  }

  /**
   * The named synthesiser; else the best installed one for the language, lent the voices of a sex
   * it lacks by the next one that has them (a `VoiceSet`, made once per language).
   */
  async synthesiser(language: LanguageCode, id?: string): Promise<Synthesiser> {
    const speaks = (engine: Synthesiser): boolean => engine.languages.includes(language);
    const engine = id ? await this.registries.tts.get(id) : await this.voiceSet(language, speaks);
    if (engine && speaks(engine)) return engine;
    throw new UnsupportedLanguage(`No voice for ${LANGUAGES[language].name} is installed.`);
  }

  private voiceSet(language: LanguageCode, speaks: (engine: Synthesiser) => boolean): Promise<Synthesiser | undefined> {
    let set = this.voiceSets.get(language);
    if (!set) {
      set = this.registries.tts.candidates(speaks).then((ranked) => VoiceSet.of(ranked, language));
      set.catch(() => this.voiceSets.delete(language));
      this.voiceSets.set(language, set);
    }
    return set;
  }

  async voiceCloner(language: LanguageCode, id?: string): Promise<VoiceCloner | undefined> {
    const speaks = (engine: VoiceCloner): boolean => engine.languages.includes(language);
    if (id) {
      const named = await this.registries.clone.get(id);
      return speaks(named) ? named : undefined;
    }
    return (await this.registries.clone.candidates(speaks))[0];
  }

  async speakerLikeness(): Promise<SpeakerLikeness | undefined> {
    return (await this.registries.likeness.candidates(() => true))[0];
  }

  async liveRecogniser(language: LanguageCode, id?: string): Promise<LiveRecogniser> {
    return this.hearing(
      this.registries.live,
      language,
      id,
      (offered) =>
        new UnsupportedLanguage(
          `Live translation from ${LANGUAGES[language].name} needs a live speech recogniser for it, and none is installed` +
            (id ? ` (${quoteInput(id)} does not hear it)` : '') +
            `. Installed: ${offered}.`,
        ),
    );
  }

  /**
   * The named recogniser if it hears the language, else the best installed one that does; else
   * the refusal made from what is installed ("id (languages); ...").
   */
  private async hearing<T extends EngineInfo & { languages: readonly LanguageCode[] }>(
    registry: EngineRegistry<T>,
    language: LanguageCode,
    id: string | undefined,
    refusal: (offered: string) => Error,
  ): Promise<T> {
    const hears = (engine: T): boolean => engine.languages.includes(language);
    const engine = id ? await registry.get(id) : (await registry.candidates(hears))[0];
    if (engine && hears(engine)) return engine;
    const installed = await registry.candidates(() => true);
    const offered = installed.map((e) => `${e.id} (${e.languages.map((l) => LANGUAGES[l].name).join(', ')})`);
    throw refusal(offered.join('; ') || 'none');
  }

  stretcher(id?: string): Promise<TimeStretcher> {
    return this.named(this.registries.stretch, id, 'No time stretcher is installed.');
  }

  diariser(id?: string): Promise<Diariser> {
    return this.named(this.registries.diarise, id, 'No speaker diariser is installed.');
  }

  voiceShaper(id?: string): Promise<VoiceShaper> {
    return this.named(this.registries.voice, id, 'No voice shaper is installed.');
  }

  lipSyncer(id?: string): Promise<LipSyncer> {
    return this.named(this.registries.lipsync, id, 'No lip syncer is installed.');
  }

  /** The named engine, else the best installed one of a task that does not depend on language. */
  private async named<T extends EngineInfo>(
    registry: EngineRegistry<T>,
    id: string | undefined,
    none: string,
  ): Promise<T> {
    const engine = id ? await registry.get(id) : (await registry.candidates(() => true))[0];
    if (!engine) throw new UnsupportedLanguage(none);
    return engine;
  }

  async separator(id?: string): Promise<Separator | undefined> {
    if (id) return this.registries.separate.get(id);
    return (await this.registries.separate.candidates(() => true))[0];
  }

  async close(): Promise<void> {
    this.voiceSets.clear();
    await Promise.all(Object.values(this.registries).map((registry: { close(): Promise<void> }) => registry.close()));
  }
}
