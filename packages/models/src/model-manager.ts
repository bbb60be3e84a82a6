import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { throwIfAborted } from '@voxlate/core';
import { downloadFile, sha256Of, type DownloadProgress } from './download-file.js';
import { CATALOG, PRESETS, catalogModel, type CatalogModel } from './model-catalog.js';
import { OfflineMode, UnknownModel } from './model-errors.js';

export interface ModelSettings {
  /** The models folder: `<root>/<repo>/<file>`, the layout transformers.js reads as localModelPath. */
  root: string;
  /** The hub or a mirror of it. */
  hubBase: string;
  /** Strict offline mode: nothing touches the network. */
  offline: boolean;
}

export function modelSettingsFromEnv(env: NodeJS.ProcessEnv = process.env): ModelSettings {
  return {
    root: env['VOXLATE_MODELS_DIR'] ?? join(homedir(), '.cache', 'voxlate', 'models'),
    hubBase: (env['VOXLATE_HF_MIRROR'] ?? 'https://huggingface.co').replace(/\/+$/, ''),
    offline: env['VOXLATE_OFFLINE'] === '1',
  };
}

interface Manifest {
  repo: string;
  revision: string;
  files: Record<string, { size: number; sha256: string }>;
}

export interface ModelStatus {
  id: string;
  task: CatalogModel['task'];
  description: string;
  licence: CatalogModel['licence'];
  installed: boolean;
  bytes: number;
}

const MANIFEST = '.voxlate-manifest.json';

/** Lists, downloads (resumable, verified), removes and re-verifies models in the models folder. */
export class ModelManager {
  constructor(
    readonly settings: ModelSettings = modelSettingsFromEnv(),
    private readonly catalog: readonly CatalogModel[] = CATALOG,
  ) {}

  /** A model's folder, the path engines load from. */
  folderOf(model: CatalogModel): string {
    return join(this.settings.root, model.repo);
  }

  /** The path of one of a model's files; a name the catalog does not list is a programming error. */
  fileOf(model: CatalogModel, file: string): string {
    if (!model.files.includes(file)) throw new Error(`${file} is not a file of ${model.id}`);
    return join(this.folderOf(model), file);
  }

  async isInstalled(id: string): Promise<boolean> {
    const model = this.model(id);
    const manifest = await this.manifest(model);
    return manifest !== undefined && model.files.every((file) => manifest.files[file] !== undefined);
  }

  async list(): Promise<ModelStatus[]> {
    return Promise.all(
      this.catalog.map(async (model) => {
        const manifest = await this.manifest(model);
        const bytes = Object.values(manifest?.files ?? {}).reduce((sum, file) => sum + file.size, 0);
        return {
          id: model.id,
          task: model.task,
          description: model.description,
          licence: model.licence,
          installed: await this.isInstalled(model.id),
          bytes,
        };
      }),
    );
  }

  /** The catalog entries a model id or preset names: what `add` would install, to show before it does. */
  models(idOrPreset: string): CatalogModel[] {
    return this.resolve(idOrPreset).map((id) => this.model(id));
  }

  /** Installs a model or every model of a preset; files already verified are skipped. */
  async add(
    idOrPreset: string,
    options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void } = {},
  ): Promise<string[]> {
    const ids = this.resolve(idOrPreset);
    for (const id of ids) await this.addModel(this.model(id), options);
    return ids;
  }

  /**
   * Records a model whose files were put in its folder by hand (copied from another machine,
   * or generated for tests): hashes them and writes the manifest, so it counts as installed.
   */
  async adopt(id: string): Promise<void> {
    const model = this.model(id);
    const manifest: Manifest = { repo: model.repo, revision: model.revision, files: {} };
    for (const file of model.files) {
      const path = join(this.folderOf(model), file);
      const info = await stat(path).catch(() => undefined);
      if (!info) throw new UnknownModel(`${model.id}: ${file} is missing`, model.files);
      manifest.files[file] = { size: info.size, sha256: await sha256Of(path) };
    }
    await writeFile(join(this.folderOf(model), MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  }

  async remove(id: string): Promise<void> {
    await rm(this.folderOf(this.model(id)), { recursive: true, force: true });
  }

  /** Re-hashes every installed file against its manifest. */
  async verify(): Promise<{ id: string; problems: string[] }[]> {
    const results: { id: string; problems: string[] }[] = [];
    for (const model of this.catalog) {
      const manifest = await this.manifest(model);
      if (!manifest) continue;
      const problems: string[] = [];
      for (const file of model.files) {
        const entry = manifest.files[file];
        const path = join(this.folderOf(model), file);
        if (!entry) problems.push(`${file}: missing`);
        else if ((await stat(path).catch(() => undefined))?.size !== entry.size) problems.push(`${file}: wrong size`);
        else if ((await sha256Of(path)) !== entry.sha256) problems.push(`${file}: checksum differs`);
      }
      results.push({ id: model.id, problems });
    }
    return results;
  }

  private async addModel(
    model: CatalogModel,
    options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void },
  ): Promise<void> {
    const manifest = (await this.manifest(model)) ?? { repo: model.repo, revision: model.revision, files: {} };
    for (const file of model.files) {
      throwIfAborted(options.signal);
      if (manifest.files[file]) continue;
      if (this.settings.offline) throw new OfflineMode(`${model.repo}/${file}`);
      const url = `${this.settings.hubBase}/${model.repo}/resolve/${model.revision}/${file}`;
      manifest.files[file] = await downloadFile(url, join(this.folderOf(model), file), options);
      await writeFile(join(this.folderOf(model), MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    }
  }

  private resolve(idOrPreset: string): string[] {
    const preset = PRESETS[idOrPreset];
    if (preset) return [...preset];
    if (catalogModel(idOrPreset) || this.catalog.some((model) => model.id === idOrPreset)) return [idOrPreset];
    throw new UnknownModel(idOrPreset, [...Object.keys(PRESETS), ...this.catalog.map((model) => model.id)]);
  }

  private model(id: string): CatalogModel {
    const model = this.catalog.find((candidate) => candidate.id === id);
    if (!model)
      throw new UnknownModel(
        id,
        this.catalog.map((candidate) => candidate.id),
      );
    return model;
  }

  private async manifest(model: CatalogModel): Promise<Manifest | undefined> {
    try {
      return JSON.parse(await readFile(join(this.folderOf(model), MANIFEST), 'utf8')) as Manifest;
    } catch {
      return undefined;
    }
  }
}
