import initialiseEspeak from '@echogarden/espeak-ng-emscripten';

/**
 * IPA phonemes from eSpeak NG (the same WASM build the eSpeak voices use), in the form Kokoro
 * was trained on: clauses joined with commas and a final full stop (eSpeak drops punctuation and
 * gives one clause per line), and the substitutions kokoro-js applies for English.
 */
export class EspeakIpa {
  private constructor(private readonly worker: EspeakWorker) {}

  static async create(): Promise<EspeakIpa> {
    const module = await initialiseEspeak();
    return new EspeakIpa(new module.eSpeakNGWorker());
  }

  phonemes(text: string, voice: string): string {
    this.worker.set_voice(voice);
    const { ipa } = this.worker.synthesize_ipa(text);
    const clauses = ipa
      .split('\n')
      .map((clause) => clause.replaceAll('_', '').trim())
      .filter(Boolean);
    return clauses.length === 0 ? '' : kokoroSpelling(`${clauses.join(', ')}${finalMark(text)}`);
  }
}

function finalMark(text: string): string {
  const last = text.trim().at(-1) ?? '';
  return '.!?'.includes(last) ? last : '.';
}

/** kokoro-js's post-processing of eSpeak's English IPA. */
export function kokoroSpelling(ipa: string): string {
  return ipa
    .replace(/kəkˈoːɹoʊ/g, 'kˈoʊkəɹoʊ')
    .replace(/kəkˈɔːɹəʊ/g, 'kˈəʊkəɹəʊ')
    .replace(/ʲ/g, 'j')
    .replace(/r/g, 'ɹ')
    .replace(/x/g, 'k')
    .replace(/ɬ/g, 'l')
    .replace(/(?<=[a-zɹː])(?=hˈʌndɹɪd)/g, ' ')
    .replace(/ z(?=[;:,.!?¡¿—…"«»“” ]|$)/g, 'z')
    .replace(/(?<=nˈaɪn)ti(?!ː)/g, 'di');
}
