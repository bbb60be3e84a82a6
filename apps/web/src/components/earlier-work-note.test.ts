import { describe, expect, it } from 'vitest';
import { earlierWorkNote } from './earlier-work-note.js';

const signedIn = { keys_required: true, workspace: { name: 'Cooking Team' } };

describe('the note on work made before keys', () => {
  it('names what waits in plain words and puts the adopt command under Details', () => {
    const note = earlierWorkNote({
      ...signedIn,
      earlier_work: { projects: 3, libraries: ['glossaries', 'voice-library'] },
    });
    expect(note?.text).toBe(
      'Work made on this service before it asked for keys (3 projects, glossaries and saved voices) is kept, but no ' +
        'workspace sees it yet. Whoever runs the service can give it to Cooking Team.',
    );
    expect(note?.details).toBe('They stop the service and run: npm run keys -- adopt "Cooking Team"');
    expect(earlierWorkNote({ ...signedIn, earlier_work: { projects: 1, libraries: [] } })?.text).toContain(
      '(1 project)',
    );
  });

  it('says nothing when nothing waits or nobody is signed in', () => {
    expect(earlierWorkNote(signedIn)).toBeUndefined();
    expect(earlierWorkNote(undefined)).toBeUndefined();
    expect(
      earlierWorkNote({ keys_required: false, workspace: null, earlier_work: { projects: 2, libraries: [] } }),
    ).toBeUndefined();
  });
});
