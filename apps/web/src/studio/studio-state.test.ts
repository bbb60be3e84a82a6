import { describe, expect, it } from 'vitest';
import {
  emptyResultHint,
  INITIAL_STATE,
  studioHeading,
  studioReducer,
  translateButtonLabel,
  type StudioState,
} from './studio-state.js';

const file = { name: 'talk.mp4', type: 'video/mp4', size: 10 } as File;

describe('studio state (spec section 4)', () => {
  it('keeps the fields the settings set as they are, and drops one set back to undefined', () => {
    const lowered = studioReducer(INITIAL_STATE, { type: 'set-asked', asked: { duckDb: 32 } });
    expect(lowered.asked).toEqual({ duckDb: 32 });
    const removed = studioReducer(lowered, {
      type: 'set-asked',
      asked: { originalSpeech: 'remove', duckDb: undefined },
    });
    expect(removed.asked).toEqual({ originalSpeech: 'remove' });
    expect('duckDb' in removed.asked).toBe(false);
  });

  it('choosing a type clears everything, sets fra for audio and turns both options on', () => {
    const dirty: StudioState = {
      ...INITIAL_STATE,
      stage: 'video',
      file,
      previewUrl: 'blob:1',
      resultUrl: 'blob:2',
      error: 'x',
      progress: 40,
      statusText: 'Mixing',
      lipSync: false,
      voiceCloning: false,
      transcripts: { source: 'a', target: 'b' },
    };
    expect(studioReducer(dirty, { type: 'choose-type', contentType: 'audio' })).toEqual({
      ...INITIAL_STATE,
      stage: 'audio',
      targetLanguage: 'fra',
    });
    const video = studioReducer(dirty, { type: 'choose-type', contentType: 'both' });
    expect(video).toMatchObject({
      stage: 'both',
      targetLanguage: '',
      lipSync: true,
      voiceCloning: true,
      file: undefined,
    });
  });

  it('follows the editor’s re-dubs: stale while one runs, the new revision once fetched', () => {
    const answered = studioReducer(
      { ...INITIAL_STATE, stage: 'audio', file, working: true },
      {
        type: 'succeed',
        statusText: 'Completed!',
        resultUrl: 'blob:first',
        jobId: 'j1',
        background: { text: 'ducked' },
      },
    );
    expect(answered).toMatchObject({ resultUrl: 'blob:first', background: { text: 'ducked' }, resultStale: false });
    const seen = studioReducer(answered, { type: 'project-seen', revision: 1, redubbing: false });
    expect(seen).toMatchObject({ resultRevision: 1, resultStale: false });
    const redubbing = studioReducer(seen, { type: 'project-seen', revision: 1, redubbing: true });
    expect(redubbing.resultStale).toBe(true);
    // The re-dub ended but its files are not fetched yet: still the previous dub, still said so.
    const ended = studioReducer(redubbing, { type: 'project-seen', revision: 2, redubbing: false });
    expect(ended).toMatchObject({ resultRevision: 1, resultStale: true, resultUrl: 'blob:first' });
    const subtitles = { target: { language: 'fra' as const, srt: 'new', vtt: 'new' } };
    const revised = studioReducer(ended, {
      type: 'revise',
      revision: 2,
      resultUrl: 'blob:second',
      subtitles,
      transcripts: { source: 'a', target: 'b' },
    });
    expect(revised).toMatchObject({ resultRevision: 2, resultStale: false, resultUrl: 'blob:second', subtitles });
  });

  it('reset returns to the selection and clears everything', () => {
    expect(studioReducer({ ...INITIAL_STATE, stage: 'audio', file }, { type: 'reset' })).toEqual(INITIAL_STATE);
  });

  it('a new file clears the previous result, transcripts, progress and status', () => {
    const done: StudioState = {
      ...INITIAL_STATE,
      stage: 'audio',
      resultUrl: 'blob:r',
      progress: 100,
      statusText: 'Completed!',
      transcripts: { source: 'a', target: 'b' },
    };
    expect(studioReducer(done, { type: 'set-file', file, previewUrl: 'blob:p' })).toMatchObject({
      file,
      previewUrl: 'blob:p',
      resultUrl: undefined,
      progress: 0,
      statusText: '',
      transcripts: { source: '', target: '' },
    });
  });

  it('progress never goes down and success ends at 100', () => {
    let state = studioReducer({ ...INITIAL_STATE, stage: 'video' }, { type: 'start', statusText: 'Preparing...' });
    expect(state).toMatchObject({ working: true, statusText: 'Preparing...', progress: 0 });
    state = studioReducer(state, { type: 'progress', progress: 40, statusText: 'Transcribing' });
    state = studioReducer(state, { type: 'progress', progress: 30 });
    expect(state.progress).toBe(40);
    state = studioReducer(state, { type: 'succeed', statusText: 'Final video processed.', resultUrl: 'blob:v' });
    expect(state).toMatchObject({
      progress: 100,
      statusText: 'Final video processed.',
      transcripts: { source: '', target: '' },
    });
    expect(studioReducer(state, { type: 'finish' }).working).toBe(false);
  });

  it('labels the button and heading by mode and options (spec section 2)', () => {
    expect(translateButtonLabel('audio', true)).toBe('Translate Audio');
    expect(translateButtonLabel('both', true)).toBe('Translate, Dub & Lip Sync Video');
    expect(translateButtonLabel('video', true)).toBe('Translate Audio & Lip Sync');
    expect(translateButtonLabel('video', false)).toBe('Translate Video Audio');
    expect(translateButtonLabel('both', false)).toBe('Translate Video Audio');
    expect(studioHeading('both')).toBe('Video Dubbing & Lip Sync');
    expect(studioHeading('video')).toBe('Video Translation');
  });

  it('keeps a saved voice per speaker, and drops it when the speaker is given their own voice again', () => {
    let state = studioReducer(INITIAL_STATE, { type: 'set-speaker-voice', speaker: 'S1', voice: 'Narrator' });
    state = studioReducer(state, { type: 'set-speaker-voice', speaker: 'S2', voice: 'Guest' });
    expect(state.speakerVoices).toEqual({ S1: 'Narrator', S2: 'Guest' });
    state = studioReducer(state, { type: 'set-speaker-voice', speaker: 'S1', voice: undefined });
    expect(state.speakerVoices).toEqual({ S2: 'Guest' });
  });

  it('asks the empty result panel for the step left, never for what is done', () => {
    expect(emptyResultHint({ ...INITIAL_STATE, stage: 'both' })).toBe('Upload a file and select a language to begin');
    expect(emptyResultHint({ ...INITIAL_STATE, stage: 'both', file })).toBe('Select a language to begin');
    const ready = { ...INITIAL_STATE, stage: 'both' as const, file, targetLanguage: 'spa' };
    expect(emptyResultHint(ready)).toBe('Ready: choose “Translate, Dub & Lip Sync Video” to begin');
    expect(emptyResultHint({ ...ready, moreLanguages: ['fra'] })).toBe('Ready: choose “Dub into 2 languages” to begin');
  });
});
