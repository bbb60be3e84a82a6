export declare const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox';
type ArgValue = string | number | readonly string[];
/** Runs ffmpeg quietly with arguments written as a template (see `argv`); throws on failure. */
export declare function ffmpeg(strings: TemplateStringsArray, ...values: ArgValue[]): void;
/**
 * English speech made at test time: eSpeak NG sentences separated by pauses, over a quiet
 * tone standing in for background music, written by ffmpeg as 44.1 kHz stereo WAV.
 */
export declare function makeSpeechWav(
  dir: string,
  sentences: readonly string[],
  name?: string,
  speaker?: {
    rate?: number;
    pauseSeconds?: number;
  },
): Promise<string>;
/** A 320x240 H.264 + AAC MP4 with the given audio. */
export declare function makeVideo(dir: string, audioPath: string, name?: string): string;
/** Real game music from Debian's chromium-bsu-data: a 6.5 s loop, 22 kHz mono. */
export declare const GAME_MUSIC = '/usr/share/games/chromium-bsu/wav/music_game.wav';
/**
 * Speech over real music, as 44.1 kHz stereo WAV: the music looped under the whole speech at
 * `musicDb`, written alone too (the known background a separator should give back).
 */
export declare function makeSpeechOverMusic(
  dir: string,
  speech: string,
  options?: {
    name?: string;
    musicDb?: number;
  },
): {
  mix: string;
  background: string;
};
/**
 * Two real speakers taking turns, two lines each: a man (the librivox reader, F0 about 100 Hz)
 * and a woman (codec2's hts2, about 170 Hz).
 */
export declare function makeTwoSpeakerWav(dir: string, name?: string): string;
/** Two librivox clips (real recordings, with transcripts) joined into one WAV. */
export declare function makeLibrivoxWav(dir: string): string;
/** Integrated loudness and true peak as ffmpeg's ebur128 filter measures them. */
export declare function measureLoudness(path: string): {
  lufs: number;
  truePeak: number;
};
/** An MD5 of the first video stream's packets: equal only when the stream was copied as is. */
export declare function videoStreamHash(path: string): string;
/** A file's audio, mono, as float samples at `rate` (48 kHz unless said), for comparing renders. */
export declare function decodedSamples(path: string, rate?: number): Float32Array;
/** The largest sample difference of two renders inside the samples `changed` picks, and outside them. */
export declare function largestDifferences(
  before: Float32Array,
  after: Float32Array,
  changed: (sample: number) => boolean,
): {
  inside: number;
  outside: number;
};
/** The subtitle tracks of a file: codec, language tag and whether players show them by default. */
export declare function subtitleTracks(path: string): {
  codec: string;
  language: string;
  default: number;
}[];
/** The language tag of each audio stream ('' when untagged; ffprobe shows "und" for the MP4 default). */
export declare function audioLanguages(path: string): string[];
export declare function durationOf(path: string): number;
/**
 * A Matroska file whose header lies about its length: `mediaPath` looped for `realSeconds` as
 * Opus (at `bitrate`, 24k by default), with the segment's Duration element rewritten to
 * `claimedSeconds`. ffprobe believes the header; only decoding shows how much audio there is.
 */
export declare function makeDurationLie(
  dir: string,
  mediaPath: string,
  realSeconds: number,
  claimedSeconds: number,
  bitrate?: string,
): string;
export {};
//# sourceMappingURL=make-media.d.ts.map
