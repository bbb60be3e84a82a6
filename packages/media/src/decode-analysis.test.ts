import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeForAnalysis } from './decode-analysis.js';
import { probeMedia } from './probe.js';

/**
 * The analysis copy recognition reads: a WAV already at 16 kHz mono 16-bit is copied, not
 * decoded, and must come out exactly as ffmpeg's decode of it would, capped the same way.
 */
const LIBRIVOX = '/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0870.wav';
const dir = mkdtempSync(join(tmpdir(), 'voxlate-analysis-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function ffmpegDecode(input: string, seconds: number): Buffer {
  const args = ['-v', 'error', '-i', input, '-t', String(seconds), '-ac', '1', '-ar', '16000', '-f', 's16le', '-'];
  return execFileSync('ffmpeg', args, { maxBuffer: 64 * 1024 * 1024 });
}

async function analyse(input: string, limitSeconds: number): Promise<{ bytes: Buffer; duration: number }> {
  const workDir = mkdtempSync(join(dir, 'job-'));
  const source = await decodeForAnalysis(input, { declared: probeMedia(input), limitSeconds, workDir }, {});
  return { bytes: readFileSync(source.path), duration: source.duration };
}

describe('decode for analysis', () => {
  it('copies a 16 kHz mono WAV sample for sample as ffmpeg decodes it', async () => {
    const { bytes, duration } = await analyse(LIBRIVOX, 600);
    expect(bytes.equals(ffmpegDecode(LIBRIVOX, 601))).toBe(true);
    expect(duration).toBeCloseTo(7.1, 2);
  });

  it('stops a second past the limit, copied or decoded', async () => {
    const copied = await analyse(LIBRIVOX, 2);
    expect(copied.duration).toBe(3);
    expect(copied.bytes.equals(ffmpegDecode(LIBRIVOX, 3))).toBe(true);
    const stereo = join(dir, 'stereo-44k.wav');
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', LIBRIVOX, '-ar', '44100', '-ac', '2', stereo]);
    const decoded = await analyse(stereo, 2);
    expect(decoded.duration).toBeCloseTo(3, 2);
  });
});
