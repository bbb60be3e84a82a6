import type {
  BaseVoice,
  EngineContext,
  LanguageCode,
  Speech,
  Synthesiser,
  VoiceListing,
  VoiceSettings,
} from '@voxlate/core';

type Sex = 'female' | 'male';

/** Another engine's voices of a sex the language's best engine lacks, and how their ids are written in the set. */
interface Complement {
  engine: Synthesiser;
  sex: Sex;
  /** `engine:voice`: ids unique in the set (RHVoice and Flite both have an "slt"). */
  prefix: string;
}

/**
 * One language's voices from more than one engine: where the best engine speaks with one sex
 * only (SVOX Pico's Italian is a woman), the voices of the other sex come from the next engine
 * that has them (Festival's Italian man), never from a robotic one, so that a man is spoken by a
 * man's voice. The set is the best engine everywhere else: its id, its voices, its timings. A
 * line says which engine spoke it (`Speech.engine`).
 */
export class VoiceSet implements Synthesiser {
  readonly id: string;
  readonly name: string;
  readonly kind: Synthesiser['kind'];
  readonly timings: Synthesiser['timings'];
  readonly languages: readonly LanguageCode[];
  /** As many as the least of its engines takes. */
  readonly linesAtOnce: number;

  private constructor(
    private readonly best: Synthesiser,
    private readonly complements: readonly Complement[],
    language: LanguageCode,
  ) {
    this.id = best.id;
    this.name = `${best.name} with ${complements.map((c) => c.engine.name).join(', ')}`;
    this.kind = best.kind;
    this.timings = best.timings;
    this.languages = [language];
    this.linesAtOnce = Math.min(...[best, ...complements.map((c) => c.engine)].map((e) => e.linesAtOnce ?? 1));
  }

  /**
   * The best engine, with the voices it lacks from the others (`ranked`, best first, all speaking
   * the language); the best engine alone when it has both sexes, or none of the others fills in.
   */
  static of(ranked: readonly Synthesiser[], language: LanguageCode): Synthesiser | undefined {
    const [best, ...others] = ranked;
    if (!best?.listVoices) return best;
    const sexes = new Set(best.listVoices(language).map((voice) => voice.gender));
    const complements: Complement[] = [];
    for (const sex of ['female', 'male'] as const) {
      if (sexes.has(sex)) continue;
      const engine = others.find(
        (other) => !other.robotic && other.listVoices?.(language).some((v) => v.gender === sex),
      );
      if (engine) complements.push({ engine, sex, prefix: `${engine.id}:` });
    }
    return complements.length === 0 ? best : new VoiceSet(best, complements, language);
  }

  listVoices(language: LanguageCode): VoiceListing[] {
    return [
      ...(this.best.listVoices?.(language) ?? []),
      ...this.complements.flatMap(({ engine, sex, prefix }) =>
        (engine.listVoices?.(language) ?? [])
          .filter((voice) => voice.gender === sex)
          .map((voice) => ({ ...voice, id: `${prefix}${voice.id}` })),
      ),
    ];
  }

  async baseVoices(language: LanguageCode): Promise<BaseVoice[]> {
    const own = (await this.best.baseVoices?.(language)) ?? [];
    const lent = await Promise.all(
      this.complements.map(async ({ engine, sex, prefix }) =>
        ((await engine.baseVoices?.(language)) ?? [])
          .filter((voice) => voice.gender === sex)
          .map((voice) => ({ ...voice, id: `${prefix}${voice.id}` })),
      ),
    );
    return [...own, ...lent.flat()];
  }

  async synthesise(
    text: string,
    language: LanguageCode,
    context: EngineContext,
    settings: VoiceSettings = {},
  ): Promise<Speech> {
    const lent = this.complements.find(({ prefix }) => settings.voice?.startsWith(prefix));
    if (!lent) return { ...(await this.best.synthesise(text, language, context, settings)), engine: this.best.id };
    const voice = settings.voice!.slice(lent.prefix.length);
    const speech = await lent.engine.synthesise(text, language, context, { ...settings, voice });
    return { ...speech, engine: lent.engine.id };
  }
}
