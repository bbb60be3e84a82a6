import {
  type DubRequest,
  type EventListener,
  type StageDeclaration,
  type DubRun,
  type MediaInfo,
  type ProvenanceManifest,
  type RunOptions,
  type StemName,
  type StemSource,
  type TranslationMemoryPort,
} from '@voxlate/core';
import { RegistryResolver, type EngineRegistries } from '@voxlate/engines';
import { type RuntimeConfig } from './config.js';
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
export declare class Dubber {
  readonly config: RuntimeConfig;
  readonly resolver: RegistryResolver;
  private signingKey;
  /**
   * Which words are words of a language (a source word copied into a translation is flagged
   * otherwise); its analysers are released after VOXLATE_ENGINE_IDLE_SECONDS unused.
   */
  private readonly lexicon;
  constructor(config?: RuntimeConfig, registries?: EngineRegistries);
  /**
   * A dub in a folder of its own, removed when it ends; `andThen` runs before that, with the
   * folder and the run (to make stems from its files).
   */
  dub(
    request: DubRequest,
    run?: RunOptions,
    andThen?: (workDir: string, done: SignedDubRun) => Promise<void>,
  ): Promise<SignedDubRun>;
  /**
   * One upload dubbed into several languages: the first listens (ingest, separation, speech,
   * speakers and recognition run once; see forAnotherTarget) and the others go on from what it
   * heard, each from translation on, as soon as it has heard, up to `languagesAtOnce` at a time
   * (runLanguages), each in a folder of its own under one that is removed at the end. `andThen`
   * runs after each, with its folder and run (to make stems). One language failing stops the
   * others. Each language's events go to `onEventOf(index)` when given, else to `run.onEvent`.
   */
  dubTargets(
    requests: readonly DubRequest[],
    run?: RunOptions & {
      onEventOf?: (index: number) => EventListener;
    },
    andThen?: (workDir: string, done: SignedDubRun) => Promise<void>,
  ): Promise<SignedDubRun[]>;
  /**
   * The dub in a folder that outlives it (a job's): the analysis audio, clips and stage files
   * stay there for a resumed run or a re-render of edited lines. The output is staged in the
   * folder and moved to its destination once whole; a resumed run that finds it already moved
   * (it was cut short after the move) signs what is there. With a translation memory (the job's
   * workspace's), lines creators corrected before are translated as they did (see the translate stage).
   */
  dubIn(workDir: string, request: DubRequest, run?: RunOptions, memory?: TranslationMemoryPort): Promise<SignedDubRun>;
  /**
   * One stem of a finished run whose files are in `workDir` (a job's, or the CLI's before it is
   * removed): made in a folder of its own there (removed after, however it ends) and moved to
   * `output` once whole.
   */
  renderStem(
    workDir: string,
    source: Omit<StemSource, 'tool' | 'mix'>,
    name: StemName,
    output: string,
    signal?: AbortSignal,
  ): Promise<void>;
  /**
   * The stages a dub of this request will run, known before it starts: the phases a job shows,
   * and only those (what the run itself plans once it has looked at the media).
   */
  plannedStages(
    request: Pick<DubRequest, 'choices' | 'transcript' | 'engines' | 'options'>,
    picture: boolean,
  ): Promise<StageDeclaration[]>;
  /** The installation's public key (raw, base64url), which its manifests are signed with. */
  publicKey(): string;
  private sign;
  private key;
  /** What a file holds (streams, duration); throws MediaUnreadable or NoAudioStream. */
  probe(path: string, signal?: AbortSignal): Promise<MediaInfo>;
  /** Seconds of audio the file really holds (its packets, not its header), counted up to `upTo`. */
  measureAudioSeconds(path: string, upTo: number, signal?: AbortSignal): Promise<number>;
  /** The file's audio as WAV (for example to hand a fetched file back to the studio). */
  audioToWav(input: string, output: string, signal?: AbortSignal): Promise<void>;
  close(): Promise<void>;
}
//# sourceMappingURL=dubber.d.ts.map
