import initialiseEspeak from '@echogarden/espeak-ng-emscripten';
import { normaliseForKokoro, splitAtPunctuation } from './kokoro-text.js';

/**
 * IPA phonemes from eSpeak NG (the same WASM build the eSpeak voices use), in the form Kokoro
 * was trained on: the text normalised as kokoro-js does, the punctuation between eSpeak's chunks
 * kept as written (eSpeak drops it), and kokoro-js's substitutions for English.
 */
export class EspeakIpa {
  private constructor(private readonly worker: EspeakWorker) {}

  static async create(): Promise<EspeakIpa> {
    const module = await initialiseEspeak();
    return new EspeakIpa(new module.eSpeakNGWorker());
  }

  phonemes(text: string, voice: string): string {
    this.worker.set_voice(voice);
    const pieces = splitAtPunctuation(normaliseForKokoro(text));
    const ipa = pieces.map((piece) => (piece.punctuation ? piece.text : this.ipaOf(piece.text))).join('');
    return kokoroSpelling(ipa).trim();
  }

  /** eSpeak gives one clause per line, with `_` between phonemes of a word. */
  private ipaOf(text: string): string {
    return this.worker
      .synthesize_ipa(text)
      .ipa.split('\n')
      .map((clause) => clause.replaceAll('_', '').trim())
      .filter(Boolean)
      .join(' ');
  }
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
