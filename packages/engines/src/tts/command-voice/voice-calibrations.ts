import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { VoiceCommand } from './voice-command.js';

/** Raised when the measurement itself changes (pitch tracker, calibration text): every kept figure is then measured again. */
const MEASUREMENT_VERSION = 1;
const FILE_NAME = 'voice-calibrations.json';

/**
 * Each voice's natural median F0, kept between processes in a small JSON file in the cache folder
 * (`VOXLATE_CACHE_DIR`, else `$XDG_CACHE_HOME/voxlate`, else `~/.cache/voxlate`). Measuring it
 * takes a sentence of synthesis and a pitch track: 0.1-0.5 s a voice, paid by every new process
 * at its first dub of a language (0.5-2.5 s for a language's voices). A figure is kept under a key
 * made of everything it depends on (the program's command line and file, each of the voice's
 * files by size and time, the calibration text through the command line), so that an upgraded
 * package is measured afresh. It is only a cache: a file that cannot be read or written costs a
 * measurement, never a dub.
 */
export class VoiceCalibrations {
  constructor(
    /** The JSON file; undefined keeps nothing between processes. */
    readonly file: string | undefined,
  ) {}

  static fromEnv(env: NodeJS.ProcessEnv = process.env): VoiceCalibrations {
    return new VoiceCalibrations(join(cacheFolderOf(env), FILE_NAME));
  }

  /** The key of a voice's figure: its calibration command and the files it reads, as they are now. */
  keyOf(command: VoiceCommand, files: readonly string[]): string {
    const facts = [command.command, ...files].map((path) => `${path}:${fileStamp(path)}`);
    const text = JSON.stringify([MEASUREMENT_VERSION, command.command, command.args, command.stdin ?? '', facts]);
    return createHash('sha256').update(text).digest('hex').slice(0, 32);
  }

  get(key: string): number | undefined {
    const value = this.read()[key];
    return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
  }

  /**
   * Adds a figure to what the file holds now (other processes may have added theirs), written
   * whole to a file of its own and renamed over: a reader never sees half a file.
   */
  set(key: string, hz: number): void {
    if (this.file === undefined) return;
    const figures = { ...this.read(), [key]: hz };
    const partial = `${this.file}.${process.pid}.partial`;
    try {
      mkdirSync(join(this.file, '..'), { recursive: true });
      writeFileSync(partial, `${JSON.stringify(figures)}\n`);
      renameSync(partial, this.file);
    } catch {
      // A read-only or full cache folder: the figure is measured again by the next process.
    }
  }

  private read(): Record<string, unknown> {
    if (this.file === undefined) return {};
    try {
      const parsed: unknown = JSON.parse(readFileSync(this.file, 'utf8'));
      return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
    } catch {
      // None yet, or unreadable: measured again (and the file rewritten by the next set).
      return {};
    }
  }
}

/** Where Voxlate keeps what it can make again. */
export function cacheFolderOf(env: NodeJS.ProcessEnv): string {
  const own = env['VOXLATE_CACHE_DIR']?.trim();
  if (own) return own;
  const xdg = env['XDG_CACHE_HOME']?.trim();
  return join(xdg ? xdg : join(homedir(), '.cache'), 'voxlate');
}

/** A file's size and modification time, or "missing". */
function fileStamp(path: string): string {
  try {
    const stat = statSync(path);
    return `${stat.size}:${Math.round(stat.mtimeMs)}`;
  } catch {
    return 'missing';
  }
}
