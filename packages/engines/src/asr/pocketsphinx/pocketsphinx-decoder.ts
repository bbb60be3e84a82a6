import { access } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { EngineContext, LivePartialListener } from '@voxlate/core';
import { spawnTied } from '@voxlate/process-lifetime';
import { DecoderProcess, type LineReader } from '../decoder-process.js';

export const POCKETSPHINX_MODEL = '/usr/share/pocketsphinx/model/en-us';

/**
 * Search settings measured on the librivox clips (24.7 s): the defaults take 10.7 s at 28 %
 * word errors; without the flat second pass, with a narrower phone-lookahead window and two
 * top Gaussians, 4.9 s at 23 %.
 */
export const FAST_SEARCH = ['-fwdflat', 'no', '-maxhmmpf', '3000', '-pl_window', '5', '-topn', '2'];

/** Debian's Python and its PocketSphinx binding (python3-pocketsphinx). */
const PYTHON = '/usr/bin/python3';
const BINDING = '/usr/lib/python3/dist-packages/pocketsphinx/__init__.py';
/**
 * The decoder loop, kept beside this file's source. Reached through `src/` so that the same path
 * works from the built `dist/` file, which sits at the same depth.
 */
const DECODER = fileURLToPath(new URL('../../../src/asr/pocketsphinx/pocketsphinx_decoder.py', import.meta.url));

/** Whether Python, the binding, the US English model and the decoder loop are all there. */
export async function pocketsphinxDecoderInstalled(): Promise<boolean> {
  try {
    await Promise.all([access(PYTHON), access(BINDING), access(POCKETSPHINX_MODEL), access(DECODER)]);
    return true;
  } catch {
    return false;
  }
}

/**
 * Starts a PocketSphinx decoder process with the US English model loaded (about a second). A
 * `streaming` one also decodes a line as it arrives, for partial text; otherwise each line is only
 * decoded whole when it ends.
 */
export function startPocketsphinxDecoder(
  mode: 'streaming' | 'whole',
  context: EngineContext,
  onPartial: LivePartialListener,
  readLine?: LineReader,
): Promise<DecoderProcess> {
  const child = spawnTied(
    PYTHON,
    [DECODER, ...(mode === 'whole' ? ['--whole-only'] : []), POCKETSPHINX_MODEL, ...FAST_SEARCH],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  return DecoderProcess.start('The PocketSphinx decoder', child, context, onPartial, readLine);
}
