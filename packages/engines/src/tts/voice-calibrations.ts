import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { VoiceCommand } from './command-voice/voice-command.js';

/** Raised when a measurement itself changes (pitch tracker, formants, calibration texts): every kept figure is then measured again. */
const MEASUREMENT_VERSION = 1;
const FILE_NAME = 'voice-calibrations.json';

/**
 * What voices measured of themselves, kept between processes in a small JSON file in the cache
 * folder (`VOXLATE_CACHE_DIR`, else `$XDG_CACHE_HOME/voxlate`, else `~/.cache/voxlate`): each
 * Debian voice's natural median F0 (a sentence of synthesis and a pitch track, 0.1-0.5 s a voice)
 * and eSpeak NG's pitch and range sweeps and formants (about 2.8 s for a language's six voices).
 * Without it every new process paid them at its first dub of a language. A figure is kept under
 * a key made of everything it depends on (the program and its files by size and time, the
 * command line, the measurement's own version), so that an upgraded package is measured afresh.
 * It is only a cache: a file that cannot be read or written costs a measurement, never a dub.
 */
export class VoiceCalibrations {
  constructor(
    /** The JSON file. */
    readonly file: string,
  ) {}

  static fromEnv(env: NodeJS.ProcessEnv = process.env): VoiceCalibrations {
    return new VoiceCalibrations(join(cacheFolderOf(env), FILE_NAME));
  }

  /** The key of a figure: a digest of the facts it depends on (files among them as `stampedFiles` gives them). */
  keyOf(facts: unknown): string {
    const text = JSON.stringify([MEASUREMENT_VERSION, facts]);
    return createHash('sha256').update(text).digest('hex').slice(0, 32);
  }

  /** The key of a voice program's figure: its calibration command and the files it reads, as they are now. */
  keyOfCommand(command: VoiceCommand, files: readonly string[]): string {
    return this.keyOf([command.command, command.args, command.stdin ?? '', stampedFiles([command.command, ...files])]);
  }

  /** The figure kept under the key, if any (the caller checks its shape: the file is anyone's to edit). */
  get(key: string): unknown {
    return this.read()[key];
  }

  /**
   * Adds a figure to what the file holds now (other processes may have added theirs), written
   * whole to a file of its own and renamed over: a reader never sees half a file.
   */
  set(key: string, figure: unknown): void {
    const figures = { ...this.read(), [key]: figure };
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

/** Each file named with its size and modification time (or "missing"): what a kept figure was measured with. */
export function stampedFiles(paths: readonly string[]): string[] {
  return paths.map((path) => `${path}:${fileStamp(path)}`);
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
