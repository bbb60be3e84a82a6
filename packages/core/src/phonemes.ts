/** A phoneme of the synthesised speech, times in seconds from the start of the clip. */
export interface PhonemeTiming {
  phoneme: string;
  start: number;
  end: number;
}
