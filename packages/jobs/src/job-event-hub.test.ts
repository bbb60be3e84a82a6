import { describe, expect, it } from 'vitest';
import { JobEventHub } from './job-event-hub.js';

describe('JobEventHub', () => {
  it('forgets the last run’s progress when the job is put in line again (a render), so it never shows Done while working', () => {
    const hub = new JobEventHub();
    hub.publish('job', { type: 'progress', progress: 100, phase: 'Done' });
    hub.publish('job', { type: 'state', state: 'ready', revision: 1 });
    expect(hub.progressOf('job')).toEqual({ progress: 100, phase: 'Done' });
    hub.publish('job', { type: 'state', state: 'queued', revision: 2 });
    expect(hub.progressOf('job')).toBeUndefined();
    hub.publish('job', { type: 'progress', progress: 12, phase: 'Synthesizing speech' });
    expect(hub.progressOf('job')).toEqual({ progress: 12, phase: 'Synthesizing speech' });
  });
});
