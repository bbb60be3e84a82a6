import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { Cancelled, EngineUnavailable, RunSlots } from '@voxlate/core';
import { runVoiceCommand, WAV_PATH, type VoiceCommand } from './voice-command.js';

/** A stand-in voice program: a shell script that writes a real WAV (a 440 Hz tone) where it is told. */
function toneCommand(seconds: number, delaySeconds = 0): VoiceCommand {
  const script = `sleep ${delaySeconds} && exec ffmpeg -v error -f lavfi -i sine=f=440:d=${seconds} -ar 16000 -ac 1 -c:a pcm_s16le -y "$1"`;
  return { program: 'Tone', command: 'sh', args: ['-c', script, 'tone', WAV_PATH] };
}

const ownFolders = (): string[] =>
  readdirSync(tmpdir()).filter((name) => name.startsWith(`voxlate-voice-p${process.pid}s`));

describe('a Debian voice program, run once per line', () => {
  it('reads the WAV it wrote and leaves no temporary folder', async () => {
    const { audio } = await runVoiceCommand(toneCommand(0.5), new RunSlots(2), {});
    expect(audio.sampleRate).toBe(16000);
    expect(audio.samples.length).toBe(8000);
    expect(Math.max(...audio.samples)).toBeGreaterThan(0.1);
    expect(ownFolders()).toEqual([]);
  });

  it('is refused as unavailable when the program is missing, fails or writes no audio', async () => {
    const slots = new RunSlots(1);
    const missing = { program: 'Gone', command: '/nonexistent/voice', args: [] };
    await expect(runVoiceCommand(missing, slots, {})).rejects.toBeInstanceOf(EngineUnavailable);
    const failing = { program: 'Broken', command: 'sh', args: ['-c', 'echo bad voice >&2; exit 3'] };
    await expect(runVoiceCommand(failing, slots, {})).rejects.toThrow('Broken exited with code 3');
    const silent = { program: 'Silent', command: 'true', args: [] };
    await expect(runVoiceCommand(silent, slots, {})).rejects.toThrow('Silent wrote no WAV audio');
    expect(ownFolders()).toEqual([]);
  });

  it('kills a program that hangs past its time and one whose job is cancelled', async () => {
    const slots = new RunSlots(2);
    await expect(runVoiceCommand(toneCommand(0.2, 30), slots, {}, 300)).rejects.toThrow(
      'did not finish a line within 0.3 s',
    );
    const controller = new AbortController();
    const running = runVoiceCommand(toneCommand(0.2, 30), slots, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(running).rejects.toBeInstanceOf(Cancelled);
    expect(ownFolders()).toEqual([]);
    // The program's own children went with it: no sleep of ours is left running.
    expect(execFileSync('ps', ['-o', 'args=', '--ppid', '1']).toString()).not.toMatch(/^sleep 30$/m);
  });

  it('runs no more programs at once than it has slots, however many lines arrive together', async () => {
    const slots = new RunSlots(2);
    const lines = await Promise.all(Array.from({ length: 6 }, () => runVoiceCommand(toneCommand(0.1, 0.1), slots, {})));
    expect(lines).toHaveLength(6);
    expect(slots.peak).toBe(2);
  });
});
