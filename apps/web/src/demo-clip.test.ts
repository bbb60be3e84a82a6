import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const CLIP = new URL('../public/videos/demo.mp4', import.meta.url).pathname;

describe('the landing page demo clip', () => {
  it('is a real recording dubbed by Voxlate, with its source and licence noted', () => {
    const tags = JSON.parse(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format_tags', '-of', 'json', CLIP]).toString(),
    ) as { format: { tags: Record<string, string> } };
    // The provenance tags of a dub made from real speech (the test pattern it replaced had none).
    expect(tags.format.tags['comment']).toMatch(/^Synthetic speech: dubbed by Voxlate .* \(eng -> spa\)/);
    expect(tags.format.tags['comment']).toMatch(/Engines: asr pocketsphinx/);
    const notes = readFileSync(new URL('../public/videos/README.md', import.meta.url), 'utf8');
    expect(notes).toMatch(/kphotoalbum/);
    expect(notes).toMatch(/General Public License version 2 or later/);
    expect(existsSync(new URL('../../../scripts/make-demo-clip.sh', import.meta.url))).toBe(true);
  });
});
