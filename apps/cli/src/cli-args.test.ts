import { describe, expect, it } from 'vitest';
import { BadInput } from '@voxlate/core';
import { defaultOutputPath, parseCliArgs } from './cli-args.js';

describe('parseCliArgs', () => {
  it('reads the documented flags', () => {
    expect(
      parseCliArgs([
        'talk.mp4',
        '--to',
        'spa',
        '--subtitles',
        '--report',
        'r.json',
        '--tempo-cap',
        '1.2',
        '--mt',
        'apertium',
        '--bilingual-subtitles',
        '--start',
        '4',
        '--end',
        '9.5',
      ]),
    ).toMatchObject({
      input: 'talk.mp4',
      to: 'spa',
      from: 'eng',
      subtitles: true,
      report: 'r.json',
      choices: {
        timing: { tempoCap: 1.2, part: { start: 4, end: 9.5 } },
        subtitles: { burnIn: false, bilingual: true },
      },
      engines: { mt: 'apertium' },
    });
  });

  it('takes several languages at once, once each, and no --out with them', () => {
    expect(parseCliArgs(['talk.mp4', '--to', 'spa,fra, ita,spa'])).toMatchObject({
      to: 'spa',
      targets: ['spa', 'fra', 'ita'],
    });
    expect(() => parseCliArgs(['talk.mp4', '--to', 'spa,xx'])).toThrow(/Unknown language "xx"/);
    expect(() => parseCliArgs(['talk.mp4', '--to', 'spa,fra', '--out', 'x.mp4'])).toThrow(/--out names one file/);
  });

  it('takes saved voices by speaker, each speaker once', () => {
    const args = parseCliArgs([
      'talk.mp4',
      '--to',
      'spa',
      '--speaker-voice',
      'S1=Host',
      '--speaker-voice',
      'S2 = My guest ',
    ]);
    expect(args.speakerVoices).toEqual({ S1: 'Host', S2: 'My guest' });
    const all = parseCliArgs(['talk.mp4', '--to', 'spa', '--speaker-voice', 'all=Host', '--speaker-voice', 'S2=Guest']);
    expect(all.speakerVoices).toEqual({ '*': 'Host', S2: 'Guest' });
    expect(parseCliArgs(['talk.mp4', '--to', 'spa']).speakerVoices).toEqual({});
    expect(() => parseCliArgs(['talk.mp4', '--to', 'spa', '--speaker-voice', 'Host'])).toThrow(
      /--speaker-voice must be a speaker id \(or "all"\) and a saved voice, such as S1=Host, got "Host"/,
    );
    expect(() =>
      parseCliArgs(['talk.mp4', '--to', 'spa', '--speaker-voice', 'S1=Host', '--speaker-voice', 'S1=Guest']),
    ).toThrow(/--speaker-voice gives S1 two voices/);
  });

  it('takes auto as a source language (detected from the speech)', () => {
    expect(parseCliArgs(['talk.mp4', '--to', 'spa', '--from', 'auto']).from).toBe('auto');
    expect(() => parseCliArgs(['talk.mp4', '--to', 'spa', '--from', 'automatic'])).toThrow(/Valid codes/);
  });

  it('rejects a missing or unknown language, naming the valid codes', () => {
    expect(() => parseCliArgs(['talk.mp4'])).toThrow(/--to is required/);
    expect(() => parseCliArgs(['talk.mp4', '--to', 'xx'])).toThrow(/Valid codes: eng, cmn, yue/);
    expect(() => parseCliArgs(['talk.mp4', '--to', 'spa', '--tempo-cap', 'fast'])).toThrow(BadInput);
    expect(() => parseCliArgs(['talk.mp4', '--to', 'spa', '--start', 'soon'])).toThrow(/--start must be a number/);
    expect(() => parseCliArgs(['--to', 'spa'])).toThrow(/exactly one input/);
  });

  it('reads the voice mode and the speaker count, refusing anything else clearly', () => {
    expect(parseCliArgs(['talk.mp4', '--to', 'spa']).choices.voice).toEqual({ mode: 'clone' });
    expect(parseCliArgs(['talk.mp4', '--to', 'spa', '--voice', 'shaped']).choices.voice).toEqual({ mode: 'shaped' });
    expect(parseCliArgs(['talk.mp4', '--to', 'eng', '--clone', 'pocket-tts']).engines).toEqual({ clone: 'pocket-tts' });
    expect(parseCliArgs(['talk.mp4', '--to', 'spa', '--voice', 'neutral', '--speakers', '2']).choices).toMatchObject({
      voice: { mode: 'neutral', speakers: 2 },
    });
    expect(parseCliArgs(['talk.mp4', '--to', 'spa', '--diariser', 'pyannote']).engines).toEqual({
      diarise: 'pyannote',
    });
    expect(() => parseCliArgs(['talk.mp4', '--to', 'spa', '--voice', 'preserve'])).toThrow(
      /--voice must be "clone", "shaped", "neutral", got "preserve"/,
    );
    for (const count of ['0', '21', '1.5', 'two']) {
      expect(() => parseCliArgs(['talk.mp4', '--to', 'spa', '--speakers', count])).toThrow(
        /--speakers must be a whole number from 1 to 20/,
      );
    }
  });

  it('names the output after the input and the target language', () => {
    expect(defaultOutputPath('/a/talk.mp4', 'spa', true)).toBe('/a/talk.spa.mp4');
    expect(defaultOutputPath('pod.mp3', 'jpn', false)).toBe('pod.jpn.wav');
  });
});
