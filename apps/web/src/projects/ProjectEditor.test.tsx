// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Job, JobLine } from '../lib/jobs-api.js';
import { ProjectEditor } from './ProjectEditor.js';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function line(id: number, fields: Partial<JobLine>): JobLine {
  return {
    id,
    start: id * 3,
    end: id * 3 + 2,
    speaker: 'S1',
    source_text: `line ${id}`,
    target_text: `línea ${id}`,
    quality: 'full',
    fit: { tempo: 1, shift: 0, overflow: 0 },
    dubbed: { start: id * 3, end: id * 3 + 2 },
    review: [],
    checked: false,
    stale: false,
    revision: 0,
    ...fields,
  };
}

const JOB: Job = {
  id: 'job-1',
  voice: 'clone',
  bilingual_subtitles: false,
  stems: [
    { file: 'dub.wav', label: 'Dub alone (no background)' },
    { file: 'multitrack.mkv', label: 'Multi-track: original, dub' },
  ],
  state: 'ready',
  progress: 100,
  revision: 1,
  phases: [],
  created_at: '2026-11-25T00:00:00Z',
  updated_at: '2026-11-25T00:00:00Z',
  input_name: 'talk.mp4',
  kind: 'video',
  source_language: 'eng',
  target_language: 'spa',
  apply_lip_sync: false,
  burn_subtitles: false,
  use_voice_cloning: true,
  edited_lines: [],
  warnings: [],
  stage_seconds: {},
  links: {
    stems: '/api/jobs/job-1/stems/',
    self: '/api/jobs/job-1',
    events: '/api/jobs/job-1/events',
    result: '/api/jobs/job-1/result',
    source: '/api/jobs/job-1/source',
    report: '/api/jobs/job-1/report',
  },
  result: { container: 'mp4', revision: 1 },
  engines_used: [
    { task: 'recognition', engine: 'pocketsphinx', quality: 'offline' },
    { task: 'translation', engine: 'apertium', quality: 'full' },
  ],
  segments: [
    line(0, {
      voice: {
        mode: 'clone',
        reference: { kind: 'speaker', spans: [{ start: 0, end: 4.5 }], seconds: 4.5, from: 'separated voice' },
      },
    }),
    line(1, {
      voice: { mode: 'shaped' },
      source_text: 'he was not until exposed',
      review: [{ reason: 'unsure-words', words: [{ text: 'until', start: 4, end: 4.3, confidence: 0.87 }] }],
    }),
    line(2, {
      review: [{ reason: 'untranslated', words: [{ text: 'vlog', start: 6.2, end: 6.5 }] }, { reason: 'tempo-cap' }],
    }),
  ],
};

describe('ProjectEditor review flags', () => {
  it('says how many lines want a look, marks the unsure words, names the engines, and filters to flagged lines', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(JOB)))),
    );
    render(<ProjectEditor jobId="job-1" />);
    expect(await screen.findByText('2 of 3 lines want a look before you publish.')).toBeTruthy();
    expect(screen.getByText(/Made with:/).textContent).toBe(
      'Made with: recognition pocketsphinx (offline), translation apertium (full)',
    );
    const unsure = within(screen.getByTestId('line-1')).getByText('until');
    expect(unsure.tagName).toBe('MARK');
    expect(within(screen.getByTestId('line-2')).getByText('Left untranslated: vlog')).toBeTruthy();
    expect(within(screen.getByTestId('line-2')).getByText('Sped up to the cap')).toBeTruthy();
    expect(screen.getAllByRole('row')).toHaveLength(4);
    fireEvent.click(screen.getByLabelText('Show only lines to check'));
    expect(screen.queryByTestId('line-0')).toBeNull();
    expect(screen.getAllByRole('row')).toHaveLength(3);
  });

  it('marks a line checked: it is sent, and the count of lines wanting a look goes down', async () => {
    const sent: unknown[] = [];
    const checkedJob = {
      ...JOB,
      segments: JOB.segments!.map((one) => (one.id === 2 ? { ...one, checked: true } : one)),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        if (init?.method === 'PATCH') {
          sent.push(JSON.parse(init.body as string));
          return Promise.resolve(new Response(JSON.stringify(checkedJob)));
        }
        return Promise.resolve(new Response(JSON.stringify(JOB)));
      }),
    );
    render(<ProjectEditor jobId="job-1" />);
    expect(await screen.findByText('2 of 3 lines want a look before you publish.')).toBeTruthy();
    // Only flagged lines offer the mark.
    expect(within(screen.getByTestId('line-0')).queryByLabelText('Checked')).toBeNull();
    fireEvent.click(within(screen.getByTestId('line-2')).getByLabelText('Checked'));
    expect(await screen.findByText('1 of 3 lines want a look before you publish.')).toBeTruthy();
    expect(sent[0]).toMatchObject({ checked: true });
    expect(within(screen.getByTestId('line-2')).getByText('Left untranslated: vlog')).toBeTruthy();
  });

  it('says what translated each line in plain words (the engine in its title), not a grade', async () => {
    const named = {
      ...JOB,
      segments: JOB.segments!.map((one, i) => ({
        ...one,
        engines: { mt: ['apertium', 'dictionary-gist', 'memory'][i]! },
        quality: i === 1 ? ('gist' as const) : ('full' as const),
      })),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(named)))),
    );
    render(<ProjectEditor jobId="job-1" />);
    const machine = await within(await screen.findByTestId('line-0')).findByText('machine translation');
    expect(machine.getAttribute('title')).toBe('A full machine translation (apertium)');
    expect(within(screen.getByTestId('line-1')).getByText('gist')).toBeTruthy();
    expect(within(screen.getByTestId('line-2')).getByText('your earlier translation')).toBeTruthy();
    expect(screen.queryByText('Full translation')).toBeNull();
  });

  it('says in which voice each line was spoken, and where a cloned one came from', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(JOB)))),
    );
    render(<ProjectEditor jobId="job-1" />);
    const cloned = await within(await screen.findByTestId('line-0')).findByText('own voice');
    expect(cloned.getAttribute('title')).toBe(
      'Cloned from their speech at 0:00.0–0:04.5 (4.5 s of the separated voice)',
    );
    expect(within(screen.getByTestId('line-1')).getByText('shaped voice')).toBeTruthy();
    expect(within(screen.getByTestId('line-2')).queryByText(/voice/)).toBeNull();
  });
});

describe('ProjectEditor edits', () => {
  it('sends the line’s revision, and on a conflict shows the other edit and says so', async () => {
    const theirs = {
      ...JOB,
      revision: 2,
      segments: JOB.segments!.map((one) => (one.id === 0 ? { ...one, target_text: 'su versión', revision: 2 } : one)),
    };
    const sent: unknown[] = [];
    const fetchMock = vi.fn((_url: string, init?: RequestInit) => {
      if (init?.method === 'PATCH') {
        sent.push(JSON.parse(init.body as string));
        const refusal = {
          error: 'Line 0 was changed since revision 0 (it is at revision 2 now): reload the line, then edit it again.',
          revision: 2,
        };
        return Promise.resolve(new Response(JSON.stringify(refusal), { status: 409 }));
      }
      return Promise.resolve(new Response(JSON.stringify(sent.length > 0 ? theirs : JOB)));
    });
    vi.stubGlobal('fetch', fetchMock);
    render(<ProjectEditor jobId="job-1" />);
    const box = await screen.findByLabelText('Translation of line 1');
    fireEvent.change(box, { target: { value: 'mi versión' } });
    fireEvent.blur(box);
    expect(
      await screen.findByText(/changed since revision 0 .* edit it again to replace it\./, {}, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(sent).toEqual([{ target_text: 'mi versión', revision: 0 }]);
    expect(screen.getByLabelText<HTMLTextAreaElement>('Translation of line 1').value).toBe('su versión');
  });

  it('moves a line to another speaker or a new one, and names a speaker', async () => {
    const speakers = [
      { id: 'S1', name: 'S1', lines: 2 },
      { id: 'S2', name: 'Ana', lines: 1 },
    ];
    const job = { ...JOB, speakers };
    const sent: { url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        if (init?.method === 'PATCH') sent.push({ url, body: JSON.parse(init.body as string) });
        return Promise.resolve(new Response(JSON.stringify(job)));
      }),
    );
    render(<ProjectEditor jobId="job-1" />);
    const select = await screen.findByLabelText<HTMLSelectElement>('Speaker of line 1');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['S1', 'Ana (S2)', 'New speaker (S3)']);
    fireEvent.change(select, { target: { value: 'S2' } });
    fireEvent.change(screen.getByLabelText('Speaker of line 2'), { target: { value: 'S3' } });
    const name = screen.getByLabelText('Name of speaker S1');
    fireEvent.change(name, { target: { value: '  Narrator ' } });
    fireEvent.keyDown(name, { key: 'Enter' });
    await vi.waitFor(() => expect(sent).toHaveLength(3));
    expect(sent).toEqual([
      { url: '/api/jobs/job-1/segments/0', body: { speaker: 'S2', revision: 0 } },
      { url: '/api/jobs/job-1/segments/1', body: { speaker: 'S3', revision: 0 } },
      { url: '/api/jobs/job-1/speakers/S1', body: { name: 'Narrator' } },
    ]);
  });

  it('offers the result, its subtitles in each language and both, and its parts', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(JOB)))),
    );
    render(<ProjectEditor jobId="job-1" />);
    const parts = await screen.findByRole('link', { name: 'Dub alone (no background)' });
    expect(parts.getAttribute('href')).toBe('/api/jobs/job-1/stems/dub.wav');
    expect(screen.getByRole('link', { name: 'Multi-track: original, dub' }).getAttribute('href')).toBe(
      '/api/jobs/job-1/stems/multitrack.mkv',
    );
    expect(screen.getByRole('link', { name: 'Both languages (SRT)' }).getAttribute('href')).toBe(
      '/api/jobs/job-1/subtitles/spa-eng.srt',
    );
  });

  it('marks a line translated from memory, and uses a remembered alike line with one click', async () => {
    const job = {
      ...JOB,
      segments: [
        line(0, { memory: { kind: 'exact' as const, source: 'line 0', target: 'línea 0', similarity: 1 } }),
        line(1, {
          memory: { kind: 'suggestion' as const, source: 'the line 1', target: 'la línea uno', similarity: 0.82 },
        }),
      ],
    };
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init?: RequestInit) => {
        if (init?.method === 'PATCH') sent.push(JSON.parse(init.body as string));
        return Promise.resolve(new Response(JSON.stringify(job)));
      }),
    );
    render(<ProjectEditor jobId="job-1" />);
    expect(await within(await screen.findByTestId('line-0')).findByText('From memory')).toBeTruthy();
    const suggestion = within(screen.getByTestId('line-1'));
    expect(suggestion.getByText('From memory (82 % alike: “the line 1”): la línea uno')).toBeTruthy();
    fireEvent.click(suggestion.getByRole('button', { name: 'Use the remembered translation for line 2' }));
    await vi.waitFor(() => expect(sent).toEqual([{ target_text: 'la línea uno', revision: 0 }]));
  });

  it("saves a speaker's voice with the creator's statement, and gives a saved voice to a speaker", async () => {
    const speakers = [
      { id: 'S1', name: 'Narrator', lines: 2, voice: { id: 'aleksandr', engine: 'rhvoice', chosen: false } },
      { id: 'S2', name: 'S2', lines: 1, voice: { id: 'anna', engine: 'rhvoice', chosen: false } },
    ];
    const job = { ...JOB, speakers };
    const host = {
      id: '0123456789abcdef',
      name: 'Host',
      profile: { f0_median_hz: 98 },
      base_voices: {},
      rights: { statement: 'This is my own voice.', at: '2026-11-29T00:00:00.000Z' },
      created_at: '2026-11-29T00:00:00.000Z',
      updated_at: '2026-11-29T00:00:00.000Z',
    };
    const sent: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        const method = init?.method ?? 'GET';
        if (method !== 'GET') sent.push({ method, url, body: JSON.parse(init!.body as string) });
        if (url === '/api/voice-library' && method === 'POST') {
          return Promise.resolve(new Response(JSON.stringify({ ...host, name: 'Narrator' }), { status: 201 }));
        }
        if (url === '/api/voice-library') return Promise.resolve(new Response(JSON.stringify({ voices: [host] })));
        return Promise.resolve(new Response(JSON.stringify(job)));
      }),
    );
    render(<ProjectEditor jobId="job-1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Save Narrator’s voice' }));
    const form = within(screen.getByRole('form', { name: 'Save the voice of speaker S1' }));
    const save = form.getByRole<HTMLButtonElement>('button', { name: 'Save voice' });
    // No statement, no saving.
    expect(save.disabled).toBe(true);
    fireEvent.change(form.getByLabelText('Why you may use this voice'), { target: { value: 'This is my own voice.' } });
    fireEvent.click(save);
    expect(await screen.findByText('Saved “Narrator” to your voice library.')).toBeTruthy();
    const given = await screen.findByLabelText<HTMLSelectElement>('Saved voice of speaker S2');
    fireEvent.change(given, { target: { value: host.id } });
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/voice-library',
        body: { name: 'Narrator', job_id: 'job-1', speaker: 'S1', rights_statement: 'This is my own voice.' },
      },
      { method: 'PATCH', url: '/api/jobs/job-1/speakers/S2', body: { saved_voice: host.id } },
    ]);
  });

  it('names the lines to listen to first, and puts the worst first or shows only those', async () => {
    const fit = { tempo: 1, overflow_seconds: 0, verdict: 'natural pace' };
    const heard = (verdict: string, text: string) => ({
      word_error_rate: 0,
      heard: text,
      engine: 'pocketsphinx',
      verdict,
    });
    const job = {
      ...JOB,
      segments: [
        line(0, { check: { score: 1, verdict: 'good' as const, fit, intelligibility: heard('clear', 'line zero') } }),
        line(1, {
          check: {
            score: 0,
            verdict: 'redo' as const,
            fit,
            intelligibility: heard('hard to understand', 'her and it'),
          },
        }),
      ],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(job)))),
    );
    render(<ProjectEditor jobId="job-1" />);
    expect(await screen.findByText(/^Listen first to line 2 \(0\.00: hard to understand\)\./)).toBeTruthy();
    expect(screen.getByTestId('check-1').textContent).toBe(
      'Check 0.00: redo · hard to understand (heard “her and it”) · natural pace',
    );
    const order = (): string[] => screen.getAllByTestId(/^line-/).map((row) => row.dataset['testid']!);
    expect(order()).toEqual(['line-0', 'line-1']);
    fireEvent.click(screen.getByLabelText('Worst dubbed lines first'));
    expect(order()).toEqual(['line-1', 'line-0']);
    fireEvent.click(screen.getByLabelText('Show only lines to listen to'));
    expect(order()).toEqual(['line-1']);
  });

  it('calls no line good that nobody heard back: a dub with no recogniser for its language is timed only', async () => {
    const fit = { tempo: 1, overflow_seconds: 0, verdict: 'natural pace' };
    const job = {
      ...JOB,
      target_language: 'fra',
      segments: [line(0, { check: { score: 1, verdict: 'timed' as const, fit } })],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(new Response(JSON.stringify(job)))),
    );
    render(<ProjectEditor jobId="job-1" />);
    expect(
      await screen.findByText(
        'The lines were timed only, not heard back (no recogniser for French is installed here): their timing is fine, but none is called good.',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('check-0').textContent).toBe('Check 1.00: timed only, not heard back · natural pace');
    expect(screen.queryByText(/checks good/)).toBeNull();
    // Nothing was found wrong: no line is offered as one to listen to first.
    expect(screen.queryByLabelText('Show only lines to listen to')).toBeNull();
  });
});
