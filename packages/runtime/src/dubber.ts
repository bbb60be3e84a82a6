import { copyFile, rename, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import {
  runDub,
  type DubRequest,
  type DubRun,
  type MediaInfo,
  type ProvenanceManifest,
  type RunOptions,
} from '@voxlate/core';
import { defaultRegistries, RegistryResolver, SCORES_FILE, type EngineRegistries } from '@voxlate/engines';
import { audioToWav, FfmpegMedia, FileClipStore, measureAudioSeconds, probeMedia } from '@voxlate/media';
import { modelSettingsFromEnv } from '@voxlate/models';
import { createOwnedTempDir } from '@voxlate/process';
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

  constructor(
    readonly config: RuntimeConfig = configFromEnv(),
    registries: EngineRegistries = defaultRegistries(),
  ) {
    const modelsRoot = config.modelsRoot ?? modelSettingsFromEnv().root;
    this.resolver = new RegistryResolver(registries, { scoresFile: join(modelsRoot, SCORES_FILE) });
  }

  async dub(request: DubRequest, run: RunOptions = {}): Promise<SignedDubRun> {
    const workDir = await createOwnedTempDir(this.config.tempRoot, 'job');
    try {
      const clips = new FileClipStore(join(workDir, 'clips'));
      const ports = { media: new FfmpegMedia(workDir, clips), engines: this.resolver, clips };
      const staged = join(workDir, 'output.media');
      const options = { ...this.config.options, ...request.options };
      const result = await runDub({ ...request, output: staged, options, tool: PRODUCT }, ports, run);
      const provenance = await this.sign({ ...request, options }, result, staged);
      await moveFile(staged, request.output);
      return { ...result, output: request.output, provenance };
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
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
    await this.resolver.close();
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
