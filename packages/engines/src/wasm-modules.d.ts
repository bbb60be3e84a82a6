// The Echogarden WASM builds ship no type declarations; these describe the parts we call.
declare module '@echogarden/espeak-ng-emscripten' {
  const initialise: () => Promise<EspeakModule>;
  export default initialise;
}

declare module '@echogarden/rubberband-wasm' {
  const initialise: () => Promise<EmscriptenHeap & Record<string, (...args: number[]) => number>>;
  export default initialise;
}

declare module '@echogarden/fvad-wasm' {
  const initialise: () => Promise<EmscriptenHeap & Record<string, (...args: number[]) => number>>;
  export default initialise;
}

interface EmscriptenHeap {
  _malloc(bytes: number): number;
  _free(pointer: number): void;
  HEAP16: Int16Array;
  HEAPU32: Uint32Array;
  HEAPF32: Float32Array;
}

interface EspeakEvent {
  type: string;
  audio_position: number;
  text_position: number;
  word_length: number;
  id?: string | number;
}

interface EspeakWorker {
  list_voices(): { identifier: string; name: string }[];
  set_voice(voice: string): void;
  set_rate(rate: number): void;
  set_pitch(pitch: number): void;
  set_range(range: number): void;
  synthesize(text: string, callback: (samples: Int16Array | undefined, events: EspeakEvent[]) => void): void;
  /** IPA of the text, phonemes joined by "_", one clause per line. */
  synthesize_ipa(text: string): { code: number; ipa: string };
}

interface EspeakModule {
  eSpeakNGWorker: new () => EspeakWorker;
  /** Emscripten's in-memory file system, holding espeak-ng-data. */
  FS: {
    readFile(path: string, options: { encoding: 'utf8' }): string;
    writeFile(path: string, data: string): void;
  };
}

declare module 'kuromoji' {
  export interface IpadicToken {
    surface_form: string;
    reading?: string;
    pronunciation?: string;
  }
  export interface Tokenizer {
    tokenize(text: string): IpadicToken[];
  }
  export function builder(options: { dicPath: string }): {
    build(callback: (error: Error | null, tokenizer: Tokenizer) => void): void;
  };
}

declare module 'opencc-js' {
  export function Converter(options: { from: string; to: string }): (text: string) => string;
}

declare module '@echogarden/pffft-wasm/simd' {
  const initialise: () => Promise<EmscriptenHeap & Record<string, (...args: number[]) => number>>;
  export default initialise;
}
