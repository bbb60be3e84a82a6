import { existsSync } from 'node:fs';
import { copyFile, mkdir, rename, rm, unlink } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import {
  plannedStages,
  renderStem,
  resolveChoices,
  runDub,
  runLanguages,
  type DubRequest,
  type EventListener,
  type SavedRun,
  type StageDeclaration,
  type DubRun,
  type MediaInfo,
  type ProvenanceManifest,
  type RunOptions,
  type StemName,
  type StemSource,
  type TranslationMemoryPort,
} from '@voxlate/core';
import {
  ApertiumLexicon,
  engineSettingsFromEnv,
  defaultRegistries,
  RegistryResolver,
  SCORES_FILE,
  type EngineRegistries,
} from '@voxlate/engines';
import { audioToWav, FfmpegMedia, FileClipStore, measureAudioSeconds, probeMedia } from '@voxlate/media';
import { modelSettingsFromEnv } from '@voxlate/models';
import { createOwnedTempDir } from '@voxlate/process-lifetime';
import { configFromEnv, type RuntimeConfig } from './config.js';
import { PRODUCT } from './product.js';
import { buildManifest } from './provenance/build-manifest.js';
import { digestOf } from './provenance/file-digest.js';
import { signManifest } from './provenance/sign-manifest.js';
import { loadOrCreateSigningKey, type SigningKey } from './provenance/signing-key.js';

/** A finished dub and its signed provenance manifest. */
export interface SignedDubRun extends DubRun {
  provenance: ProvenanceManifest;
}

/**
 * The pipeline wired to real media and engines. Engines stay warm across jobs; every job
 * works in a folder of its own that is removed when it ends, however it ends, and the
 * output only appears at its destination once it is complete. Every output is tagged as
 * synthetic speech and comes with a manifest signed with the installation's key.
 */
export class Dubber {
  readonly resolver: RegistryResolver;
  private signingKey: SigningKey | undefined;
  /**
   * Which words are words of a language (a source word copied into a translation is flagged
   * otherwise); its analysers are released after VOXLATE_ENGINE_IDLE_SECONDS unused.
   */
  private readonly lexicon = new ApertiumLexicon(undefined, engineSettingsFromEnv().idleMs);

  constructor(
    readonly config: RuntimeConfig = configFromEnv(),
    registries: EngineRegistries = defaultRegistries(),
  ) {
    const modelsRoot = config.modelsRoot ?? modelSettingsFromEnv().root;
    this.resolver = new RegistryResolver(registries, { scoresFile: join(modelsRoot, SCORES_FILE) });
  }

  /**
   * A dub in a folder of its own, removed when it ends; `andThen` runs before that, with the
   * folder and the run (to make stems from its files).
   */
  async dub(
    request: DubRequest,
    run: RunOptions = {},
    andThen?: (workDir: string, done: SignedDubRun) => Promise<void>,
  ): Promise<SignedDubRun> {
    const [done] = await this.dubTargets([request], run, andThen);
    return done!;
  }

  /**
   * One upload dubbed into several languages: the first listens (ingest, separation, speech,
   * speakers and recognition run once; see forAnotherTarget) and the others go on from what it
   * heard, each from translation on, as soon as it has heard, up to `languagesAtOnce` at a time
   * (runLanguages), each in a folder of its own under one that is removed at the end. `andThen`
   * runs after each, with its folder and run (to make stems). One language failing stops the
   * others. Each language's events go to `onEventOf(index)` when given, else to `run.onEvent`.
   */
  async dubTargets(
    requests: readonly DubRequest[],
    run: RunOptions & { onEventOf?: (index: number) => EventListener } = {},
    andThen?: (workDir: string, done: SignedDubRun) => Promise<void>,
  ): Promise<SignedDubRun[]> {
    const workDir = await createOwnedTempDir(this.config.tempRoot, 'job');
    const stop = new AbortController();
    const signal = run.signal ? AbortSignal.any([run.signal, stop.signal]) : stop.signal;
    try {
      const settled = await runLanguages<SavedRun, SignedDubRun>({
        count: requests.length,
        atOnce: this.config.languagesAtOnce ?? availableParallelism(),
        share: (heard) => Promise.resolve(heard),
        run: async (i, shared, onHeard) => {
          const folder = join(workDir, `target-${i}`);
          const { onEventOf, ...common } = run;
          const onEvent = onEventOf?.(i) ?? run.onEvent;
          const options = { ...common, signal, onHeard, ...(onEvent ? { onEvent } : {}) };
          try {
            const finished = await this.dubIn(folder, requests[i]!, shared ? { ...options, shared } : options);
            await andThen?.(folder, finished);
            return finished;
          } catch (error) {
            stop.abort(error);
            throw error;
          }
        },
      });
      if (settled.some((outcome) => outcome.status === 'rejected')) throw stop.signal.reason;
      return settled.map((outcome) => (outcome as PromiseFulfilledResult<SignedDubRun>).value);
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  }

  /**
   * The dub in a folder that outlives it (a job's): the analysis audio, clips and stage files
   * stay there for a resumed run or a re-render of edited lines. The output is staged in the
   * folder and moved to its destination once whole; a resumed run that finds it already moved
   * (it was cut short after the move) signs what is there. With a translation memory (the job's
   * workspace's), lines creators corrected before are translated as they did (see the translate stage).
   */
  async dubIn(
    workDir: string,
    request: DubRequest,
    run: RunOptions = {},
    memory?: TranslationMemoryPort,
  ): Promise<SignedDubRun> {
    await mkdir(workDir, { recursive: true });
    const clips = new FileClipStore(join(workDir, 'clips'));
    const ports = {
      media: new FfmpegMedia(workDir, clips),
      engines: this.resolver,
      clips,
      lexicon: this.lexicon,
      ...(memory ? { memory } : {}),
    };
    const staged = join(workDir, 'output.media');
    const options = { ...this.config.options, ...request.options };
    const result = await runDub({ ...request, output: staged, options, tool: PRODUCT }, ports, run);
    if (existsSync(staged) || !existsSync(request.output)) {
      await mkdir(dirname(request.output), { recursive: true });
      await moveFile(staged, request.output);
    }
    const provenance = await this.sign({ ...request, options }, result, request.output);
    return { ...result, output: request.output, provenance };
  }

  /**
   * One stem of a finished run whose files are in `workDir` (a job's, or the CLI's before it is
   * removed): made in a folder of its own there (removed after, however it ends) and moved to
   * `output` once whole.
   */
  async renderStem(
    workDir: string,
    source: Omit<StemSource, 'tool' | 'mix'>,
    name: StemName,
    output: string,
    signal?: AbortSignal,
  ): Promise<void> {
    const scratch = await createOwnedTempDir(workDir, 'stem');
    try {
      const clips = new FileClipStore(join(workDir, 'clips'));
      const staged = join(scratch, 'stem.media');
      const mix = this.config.options.mix;
      await renderStem(
        new FfmpegMedia(scratch, clips),
        { ...source, tool: PRODUCT, mix },
        name,
        { output: staged, scratch },
        signal ? { signal } : {},
      );
      await mkdir(dirname(output), { recursive: true });
      await moveFile(staged, output);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }

  /**
   * The stages a dub of this request will run, known before it starts: the phases a job shows,
   * and only those (what the run itself plans once it has looked at the media).
   */
  async plannedStages(
    request: Pick<DubRequest, 'choices' | 'transcript' | 'engines' | 'options'>,
    picture: boolean,
  ): Promise<StageDeclaration[]> {
    const options = { ...this.config.options, ...request.options };
    const separator =
      options.separation === 'off' ? undefined : await this.resolver.separator(request.engines?.separate);
    return plannedStages({
      choices: resolveChoices(request.choices),
      picture,
      transcript: request.transcript !== undefined,
      noSeparator: separator ? undefined : 'no separator runs',
    });
  }

  /** The installation's public key (raw, base64url), which its manifests are signed with. */
  publicKey(): string {
    return this.key().publicKey;
  }

  private async sign(request: DubRequest, run: DubRun, output: string): Promise<ProvenanceManifest> {
    const [input, outputDigest] = await Promise.all([digestOf(request.input), digestOf(output)]);
    const manifest = buildManifest({ request, run, input, output: outputDigest, tool: PRODUCT, created: new Date() });
    return signManifest(manifest, this.key());
  }

  private key(): SigningKey {
    this.signingKey ??= loadOrCreateSigningKey(this.config.dataDir);
    return this.signingKey;
  }

  /** What a file holds (streams, duration); throws MediaUnreadable or NoAudioStream. */
  probe(path: string, signal?: AbortSignal): Promise<MediaInfo> {
    return probeMedia(path, signal);
  }

  /** Seconds of audio the file really holds (its packets, not its header), counted up to `upTo`. */
  measureAudioSeconds(path: string, upTo: number, signal?: AbortSignal): Promise<number> {
    return measureAudioSeconds(path, upTo, signal);
  }

  /** The file's audio as WAV (for example to hand a fetched file back to the studio). */
  audioToWav(input: string, output: string, signal?: AbortSignal): Promise<void> {
    return audioToWav(input, output, signal ? { signal } : {});
  }

  async close(): Promise<void> {
    await Promise.all([this.resolver.close(), this.lexicon.close()]);
  }
}

/** rename() cannot cross file systems; copy then remove in that case. */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    await copyFile(from, to);
    await unlink(from);
  }
}
