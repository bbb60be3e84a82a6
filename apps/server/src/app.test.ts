import { afterAll, describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@voxlate/core';
import { Dubber } from '@voxlate/runtime';
import { buildApp } from './app.js';

const dubber = new Dubber();
const app = buildApp(dubber);
afterAll(async () => {
  await app.close();
  await dubber.close();
});

describe('service', () => {
  it('answers health', async () => {
    const response = await app.inject({ method: 'GET', url: '/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('lists the 11 languages with name, flag and installed voices', async () => {
    const languages = (await app.inject({ method: 'GET', url: '/api/languages' })).json<
      { code: string; name: string; flag: string; tts: string[] }[]
    >();
    expect(languages.map((language) => language.code)).toEqual([...LANGUAGE_CODES]);
    expect(languages.find((language) => language.code === 'yue')).toMatchObject({
      name: 'Cantonese',
      tts: ['espeak-ng'],
    });
  });
});
