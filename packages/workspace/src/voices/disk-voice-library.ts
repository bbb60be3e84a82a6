import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Conflict, NotFound, type LanguageCode, type SavedVoice } from '@voxlate/core';
import { FolderLocks, LOCK_WAIT_MS, readJsonFolder, writeFileAtomic } from '@voxlate/disk';
import { LIBRARY_FOLDER } from '../workspace-data.js';

/** An entry's file: its 16-hex id, as JSON. */
const ENTRY_FILE = /^[0-9a-f]{16}\.json$/;
/** A saved voice as the library keeps it: the voice, where it came from, when it was saved and changed. */
export interface StoredVoice extends SavedVoice {
  /** The job and speaker it was saved from (absent for an imported voice). */
  savedFrom?: { jobId: string; speaker: string; sourceLanguage: LanguageCode };
  createdAt: string;
  updatedAt: string;
}

/** A voice to add: everything but what the library gives it. */
export type NewVoice = Omit<StoredVoice, 'id' | 'createdAt' | 'updatedAt' | 'reference'>;

/** The speech kept with a new voice: a WAV file the library copies, and what it holds. */
export interface VoiceSpeech {
  wavPath: string;
  seconds: number;
  from: NonNullable<SavedVoice['reference']>['from'];
}

const ID = /^[0-9a-f]{16}$/;

/**
 * The creator's saved voices in the data folder, beside the jobs: a JSON file per voice, and the
 * speech it was saved with as `<id>.wav` (the file name a job that uses it links beside its input,
 * so a voice removed from the library stays whole in the jobs made with it). Names are unique
 * (the CLI and speaker_voices call a voice by name), checked under one lock across the processes.
 */
export class DiskVoiceLibrary {
  readonly root: string;
  private readonly locks = new FolderLocks(
    {
      busy: () => 'The voice library is being changed by another request. Please try again in a moment.',
      missing: () => 'The voice library’s folder is gone.',
    },
    LOCK_WAIT_MS,
  );

  constructor(dataDir: string) {
    this.root = join(dataDir, LIBRARY_FOLDER.voices);
  }

  /** Adds a voice (Conflict when its name is taken), with its speech when given. */
  async add(voice: NewVoice, speech?: VoiceSpeech, at = new Date()): Promise<StoredVoice> {
    return this.exclusive(async () => {
      await this.requireFreeName(voice.name);
      const id = randomBytes(8).toString('hex');
      const stored: StoredVoice = {
        ...voice,
        id,
        ...(speech ? { reference: { file: `${id}.wav`, seconds: speech.seconds, from: speech.from } } : {}),
        createdAt: at.toISOString(),
        updatedAt: at.toISOString(),
      };
      if (speech) await copyFile(speech.wavPath, this.speechPath(id));
      await writeFileAtomic(this.pathOf(id), JSON.stringify(stored));
      return stored;
    });
  }

  /** Throws NotFound naming the id when there is no such voice. */
  async get(id: string): Promise<StoredVoice> {
    if (!ID.test(id)) throw new NotFound(`There is no saved voice "${id.slice(0, 40)}".`);
    const text = await readFile(this.pathOf(id), 'utf8').catch(() => undefined);
    if (text === undefined) throw new NotFound(`There is no saved voice "${id}".`);
    return JSON.parse(text) as StoredVoice;
  }

  /** A voice by its id or its name (any case); NotFound names the voices there are. */
  async find(idOrName: string): Promise<StoredVoice> {
    const voices = await this.list();
    const wanted = idOrName.trim().toLowerCase();
    const found = voices.find((voice) => voice.id === wanted || voice.name.toLowerCase() === wanted);
    if (found) return found;
    const names = voices.map((voice) => `"${voice.name}"`).join(', ');
    throw new NotFound(
      `There is no saved voice "${idOrName.slice(0, 60)}": ${names === '' ? 'the library is empty' : `the library has ${names}`}.`,
    );
  }

  /**
   * A voice by id or name as a dub takes it (the voice alone, without the library's own record),
   * and the path of its speech when it has some.
   */
  async forDub(idOrName: string): Promise<{ voice: SavedVoice; speech?: string }> {
    const { id, name, profile, baseVoices, rights, reference } = await this.find(idOrName);
    const voice: SavedVoice = { id, name, profile, baseVoices, rights, ...(reference ? { reference } : {}) };
    return reference ? { voice, speech: join(this.root, reference.file) } : { voice };
  }

  /** Every voice, the most recently changed first. */
  async list(): Promise<StoredVoice[]> {
    const voices = await readJsonFolder<StoredVoice>(this.root, ENTRY_FILE);
    return voices.sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  }

  async rename(id: string, name: string, at = new Date()): Promise<StoredVoice> {
    return this.exclusive(async () => {
      const before = await this.get(id);
      if (before.name.toLowerCase() !== name.toLowerCase()) await this.requireFreeName(name);
      const time = Math.max(at.getTime(), Date.parse(before.updatedAt) + 1);
      const renamed = { ...before, name, updatedAt: new Date(time).toISOString() };
      await writeFileAtomic(this.pathOf(id), JSON.stringify(renamed));
      return renamed;
    });
  }

  /** Removes the voice and its speech; jobs that use it keep their own link to the speech. */
  async remove(id: string): Promise<void> {
    await this.exclusive(async () => {
      await this.get(id);
      await rm(this.pathOf(id), { force: true });
      await rm(this.speechPath(id), { force: true });
    });
  }

  /** The WAV file of the speech a voice was saved with (NotFound when it has none). */
  async speechOf(id: string): Promise<string> {
    const voice = await this.get(id);
    if (!voice.reference) throw new NotFound(`The saved voice "${voice.name}" has no speech kept with it.`);
    return join(this.root, voice.reference.file);
  }

  private async requireFreeName(name: string): Promise<void> {
    const taken = (await this.list()).find((voice) => voice.name.toLowerCase() === name.toLowerCase());
    if (taken) {
      throw new Conflict(
        `A saved voice is already called "${taken.name}": choose another name, or rename or remove that one first.`,
      );
    }
  }

  /** Work under the library's lock, shared by every process on the data folder. */
  private async exclusive<T>(work: () => Promise<T>): Promise<T> {
    await mkdir(this.root, { recursive: true });
    return this.locks.exclusive('voice-library', this.root, work);
  }

  private pathOf(id: string): string {
    return join(this.root, `${id}.json`);
  }

  private speechPath(id: string): string {
    return join(this.root, `${id}.wav`);
  }
}
