// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Job } from '../lib/jobs-api.js';
import { ProjectPlayer } from './ProjectPlayer.js';

afterEach(cleanup);

const job = (result: Job['result']): Job => ({ id: 'job-1', target_language: 'spa', result }) as Job;

describe('the project player', () => {
  it('plays a video dub of the current revision, with its subtitles on', () => {
    const { rerender } = render(<ProjectPlayer job={job({ container: 'mp4', revision: 2 })} />);
    const video = screen.getByTestId<HTMLVideoElement>('project-video');
    expect(video.getAttribute('src')).toMatch(/^\/api\/jobs\/job-1\/result\?revision=2$/);
    const track = video.querySelector('track')!;
    expect(track.getAttribute('src')).toMatch(/^\/api\/jobs\/job-1\/subtitles\/spa\.vtt\?revision=2$/);
    expect(track.default).toBe(true);
    // A re-dub that lands brings the new revision in.
    rerender(<ProjectPlayer job={job({ container: 'mp4', revision: 3 })} />);
    expect(screen.getByTestId('project-video').getAttribute('src')).toMatch(/revision=3$/);
  });

  it('shows nothing before there is a dub', () => {
    render(<ProjectPlayer job={job(null)} />);
    expect(screen.queryByRole('region', { name: 'The dub' })).toBeNull();
  });
});
