import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { EngineContext, PcmAudio } from '@voxlate/core';
import { argv } from './argv.js';
import { asMediaError } from './media-error.js';
import { runFfmpeg } from './run-ffmpeg.js';
import { safeInputArgs } from './safe-input.js';

/**
 * A span of the original's first audio stream, mono at `sampleRate`, decoded on its own (seek,
 * then a few seconds): the full-band speech a voice is cloned from where no separator ran (the
 * analysis audio is 16 kHz, too narrow for a 24 kHz cloning model). The file it passes through
 * is removed before it returns.
 */
export async function readSourceSpan(
  input: string,
  span: { start: number; end: number; sampleRate: number },
  workDir: string,
  context: EngineContext,
): Promise<PcmAudio> {
  const seconds = Math.max(0, span.end - span.start);
  const path = join(
    workDir,
    `span-${span.sampleRate}-${Math.round(span.start * 1000)}-${Math.round(span.end * 1000)}.f32le`,
  );
  try {
    await runFfmpeg(
      argv`${safeInputArgs()} -ss ${span.start.toFixed(3)} -i ${input} -map 0:a:0 -vn -t ${seconds.toFixed(3)}
        -ac 1 -ar ${span.sampleRate} -f f32le ${path}`,
      { signal: context.signal },
    ).catch((error: unknown) => {
      throw asMediaError(error, 'The audio could not be decoded to take a voice from it: the file may be corrupt.');
    });
    const bytes = await readFile(path);
    return {
      samples: new Float32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4).slice(),
      sampleRate: span.sampleRate,
    };
  } finally {
    await rm(path, { force: true });
  }
}
