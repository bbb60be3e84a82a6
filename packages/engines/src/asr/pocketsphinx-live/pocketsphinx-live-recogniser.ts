import { access } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { EngineContext, LanguageCode, LiveRecogniser, LiveRecognition } from '@voxlate/core';
import { spawnTied } from '@voxlate/process';
import { LiveDecoderProcess } from '../live-decoder-process.js';
import { FAST_SEARCH, POCKETSPHINX_MODEL } from '../pocketsphinx/pocketsphinx-recogniser.js';

/** Debian's Python and its PocketSphinx binding (python3-pocketsphinx): the library, fed as audio arrives. */
export const PYTHON = '/usr/bin/python3';
const BINDING = '/usr/lib/python3/dist-packages/pocketsphinx/__init__.py';
/**
 * The decoder loop, kept beside this file's source. Reached through `src/` so that the same path
 * works from the built `dist/` file, which sits at the same depth.
 */
const DECODER = fileURLToPath(new URL('../../../src/asr/pocketsphinx-live/live_decoder.py', import.meta.url));

/**
 * CMU PocketSphinx decoding live: one decoder process per stream keeps the US English model
 * loaded and decodes each line's audio as it arrives (about 0.1 x real time on one core), for
 * partial captions; when the line ends, a second decoder hears it again whole, normalised over
 * the whole line as the batch recogniser does (22.5 % word errors on the LibriVox lines against
 * 32 % for the streaming pass), which costs about 0.09 s per second of line.
 */
export class PocketsphinxLiveRecogniser implements LiveRecogniser {
  readonly id = 'pocketsphinx-live';
  readonly kind = 'offline' as const;
  readonly name = 'CMU PocketSphinx live (en-us)';
  readonly languages: readonly LanguageCode[] = ['eng'];

  static async isInstalled(): Promise<boolean> {
    try {
      await Promise.all([access(PYTHON), access(BINDING), access(POCKETSPHINX_MODEL), access(DECODER)]);
      return true;
    } catch {
      return false;
    }
  }

  async open(
    _language: LanguageCode,
    context: EngineContext,
    onPartial: (text: string) => void,
  ): Promise<LiveRecognition> {
    const child = spawnTied(PYTHON, [DECODER, POCKETSPHINX_MODEL, ...FAST_SEARCH], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return LiveDecoderProcess.start('The live PocketSphinx decoder', child, context, onPartial);
  }
}
