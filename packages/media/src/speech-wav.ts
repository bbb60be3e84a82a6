import { concatSamples, type EngineContext, type PcmAudio } from '@voxlate/core';
import { readSourceSpan } from './read-source-span.js';
import { writeWav } from './write-wav.js';

/** Silence between the spans, seconds: a listener (or a cloning model) hears separate phrases, not a splice. */
const SPAN_GAP_SECONDS = 0.12;

/**
 * Spans of a media file's first audio stream, mono at `sampleRate`, one after the other with a
 * short silence between, written as a 16-bit WAV file (a speaker's speech kept with a saved voice).
 * Returns the seconds written.
 */
export async function writeSpeechWav(
  input: string,
  spans: readonly { start: number; end: number }[],
  output: string,
  options: { sampleRate: number; workDir: string },
  context: EngineContext = {},
): Promise<number> {
  const parts: Float32Array[] = [];
  const gap = new Float32Array(Math.round(SPAN_GAP_SECONDS * options.sampleRate));
  for (const span of spans) {
    const audio = await readSourceSpan(input, { ...span, sampleRate: options.sampleRate }, options.workDir, context);
    parts.push(...(parts.length > 0 ? [gap] : []), audio.samples);
  }
  const speech: PcmAudio = { samples: concatSamples(parts), sampleRate: options.sampleRate };
  await writeWav(output, speech);
  return speech.samples.length / speech.sampleRate;
}
