import { DiskGlossaries } from './glossary/disk-glossaries.js';
import { DiskTranslationMemory } from './memory/disk-translation-memory.js';
import { DiskVoiceLibrary } from './voices/disk-voice-library.js';
import { workspaceDataDir } from './workspace-data.js';

/** What one workspace keeps between dubs: its glossaries, translation memory and saved voices. */
export interface WorkspaceLibrary {
  glossaries: DiskGlossaries;
  memory: DiskTranslationMemory;
  voices: DiskVoiceLibrary;
}

/**
 * Each workspace's library in its own data folder (see workspaceDataDir), opened once per
 * process: no request can name another workspace's glossary, memory entry or voice, because it
 * only ever reaches its own folder.
 */
export class WorkspaceLibraries {
  private readonly opened = new Map<string, WorkspaceLibrary>();

  constructor(private readonly dataDir: string) {}

  /** The library of a workspace, or of the installation's open data when there is none (no keys). */
  of(workspace: string | undefined): WorkspaceLibrary {
    const key = workspace ?? '';
    let library = this.opened.get(key);
    if (!library) {
      const dir = workspaceDataDir(this.dataDir, workspace);
      library = {
        glossaries: new DiskGlossaries(dir),
        memory: new DiskTranslationMemory(dir),
        voices: new DiskVoiceLibrary(dir),
      };
      this.opened.set(key, library);
    }
    return library;
  }
}
