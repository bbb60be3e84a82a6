import { access, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import {
  Cancelled,
  EngineUnavailable,
  Internal,
  type AudioSource,
  type EngineContext,
  type LanguageCode,
  type RecognisedSpan,
  type Recogniser,
  type TimeSpan,
} from '@voxlate/core';
import { spawnTied } from '@voxlate/process';
import { splitEvenly } from './split-evenly.js';
import { parseCtmConfidences, withConfidences } from './parse-ctm.js';
import { parseHypsegLine } from './parse-hypseg.js';

export const POCKETSPHINX_BINARY = '/usr/bin/pocketsphinx_batch';
export const POCKETSPHINX_MODEL = '/usr/share/pocketsphinx/model/en-us';

/**
 * Search settings measured on the librivox clips (24.7 s): the defaults take 10.7 s at 28 %
 * word errors; without the flat second pass, with a narrower phone-lookahead window and two
 * top Gaussians, 4.9 s at 23 %.
 */
export const FAST_SEARCH = ['-fwdflat', 'no', '-maxhmmpf', '3000', '-pl_window', '5', '-topn', '2'];

/**
 * CMU pocketsphinx (Debian), US English, with word timings. Spans are decoded by
 * `pocketsphinx_batch` from a control file, one process per core over contiguous groups
 * of spans, so the model loads once per process rather than once per segment.
 */
export class PocketsphinxRecogniser implements Recogniser {
  readonly id = 'pocketsphinx';
  readonly kind = 'offline' as const;
  readonly name = 'CMU PocketSphinx (en-us)';
  readonly languages: readonly LanguageCode[] = ['eng'];

  constructor(private readonly workers = availableParallelism()) {}

  static async isInstalled(): Promise<boolean> {
    return access(POCKETSPHINX_BINARY)
      .then(
        () => access(join(POCKETSPHINX_MODEL, 'en-us')).then(() => true),
        () => false,
      )
      .catch(() => false);
  }

  async recognise(
    audio: AudioSource,
    spans: readonly TimeSpan[],
    _language: LanguageCode,
    context: EngineContext,
  ): Promise<RecognisedSpan[]> {
    if (audio.sampleRate !== 16000 || extname(audio.path) !== '.s16le') {
      throw new Internal('pocketsphinx needs the 16 kHz s16le analysis audio.');
    }
    const groups = splitEvenly(
      spans.map((span, index) => ({ ...span, index })),
      this.workers,
    );
    // Beside the analysis audio, in the job's own folder: removed with the job however it ends.
    const workDir = await mkdtemp(join(dirname(audio.path), 'pocketsphinx-'));
    let done = 0;
    const onUtterance = (): void => context.onProgress?.(++done, spans.length);
    try {
      // Every group is waited for, even once one has failed or been cancelled: a process still
      // exiting would write into the folder while it is being removed.
      const settled = await Promise.allSettled(
        groups.map((group, g) =>
          this.decodeGroup(audio.path, group, join(workDir, `group-${g}`), context, onUtterance),
        ),
      );
      const failed = settled.find((outcome) => outcome.status === 'rejected');
      if (failed) throw failed.reason;
      const results = settled.map((outcome) => (outcome as PromiseFulfilledResult<GroupResult>).value);
      const bySpan = new Map(results.flat().map((result) => [result.index, result.span]));
      return spans.map((_, index) => bySpan.get(index) ?? { text: '', words: [] });
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  private async decodeGroup(
    audioPath: string,
    group: (TimeSpan & { index: number })[],
    prefix: string,
    context: EngineContext,
    onUtterance: () => void,
  ): Promise<GroupResult> {
    if (group.length === 0) return [];
    const ctlPath = `${prefix}.ctl`;
    const hypsegPath = `${prefix}.hypseg`;
    const ctmPath = `${prefix}.ctm`;
    const name = basename(audioPath, '.s16le');
    const ctl = group.map((span) => `${name} ${frame(span.start)} ${frame(span.end)} u${span.index}`).join('\n');
    await writeFile(ctlPath, `${ctl}\n`);
    await this.runBatch(dirname(audioPath), { ctlPath, hypsegPath, ctmPath }, context, onUtterance);
    const lines = (await readFile(hypsegPath, 'utf8')).split('\n');
    const confidences = parseCtmConfidences(await readFile(ctmPath, 'utf8'));
    return group.map((span) => {
      const line = lines.find((candidate) => candidate.startsWith(`u${span.index} `));
      const parsed = line ? parseHypsegLine(line, frame(span.start) / 100) : undefined;
      const words = withConfidences(parsed?.words ?? [], parsed?.scores ?? [], confidences.get(`u${span.index}`));
      return { index: span.index, span: { text: words.map((word) => word.text).join(' '), words } };
    });
  }

  private runBatch(
    cepDir: string,
    { ctlPath, hypsegPath, ctmPath }: { ctlPath: string; hypsegPath: string; ctmPath: string },
    context: EngineContext,
    onUtterance: () => void,
  ): Promise<void> {
    const args = [
      '-hmm',
      join(POCKETSPHINX_MODEL, 'en-us'),
      '-lm',
      join(POCKETSPHINX_MODEL, 'en-us.lm.bin'),
      '-dict',
      join(POCKETSPHINX_MODEL, 'cmudict-en-us.dict'),
      '-adcin',
      'yes',
      '-adchdr',
      '0',
      '-cepdir',
      cepDir,
      '-cepext',
      '.s16le',
      '-ctl',
      ctlPath,
      '-hypseg',
      hypsegPath,
      // The same best path with each word's posterior probability: the confidence the review flags use.
      '-ctm',
      ctmPath,
      ...FAST_SEARCH,
    ];
    return new Promise((resolve, reject) => {
      const child = spawnTied(POCKETSPHINX_BINARY, args, { stdio: ['ignore', 'ignore', 'pipe'] });
      let log = '';
      child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
        for (const _ of chunk.matchAll(/Decoding '/g)) onUtterance();
        log = (log + chunk).slice(-8000);
      });
      const onAbort = (): boolean => child.kill('SIGKILL');
      context.signal?.addEventListener('abort', onAbort, { once: true });
      child.once('error', (error) =>
        reject(new EngineUnavailable('pocketsphinx_batch could not start.', String(error))),
      );
      child.once('close', (code) => {
        context.signal?.removeEventListener('abort', onAbort);
        if (context.signal?.aborted) reject(new Cancelled());
        else if (code === 0) resolve();
        else reject(new EngineUnavailable(`pocketsphinx_batch failed (exit ${code}).`, log));
      });
    });
  }
}

function frame(seconds: number): number {
  return Math.round(seconds * 100);
}

type GroupResult = { index: number; span: RecognisedSpan }[];
