import type { FastifyInstance } from 'fastify';
import { Routes } from '@voxlate/contract';
import { BadInput, pronunciationsFor, respell } from '@voxlate/core';
import { wavBytesOf } from '@voxlate/media';
import { abortOnDisconnect } from '../http/client-abort.js';
import { namedGlossary } from '../requests/named-glossary.js';
import { libraryOf, type RouteContext } from './route-context.js';
import { serveRoute } from './serve-route.js';

/** GET /api/speech-preview: a word as the voice will say it, after the glossary's respellings. */
export function registerSpeechPreviewRoute(app: FastifyInstance, context: RouteContext): void {
  serveRoute(app, Routes.previewSpeech, async (request, reply) => {
    const { language, text, glossary_id: glossaryId, voice } = request.query;
    const glossary =
      glossaryId === undefined ? undefined : await namedGlossary(libraryOf(context, request).glossaries, glossaryId);
    const said = respell(text, pronunciationsFor(glossary, language), language).text;
    const synthesiser = await context.dubber.resolver.synthesiser(language);
    const voices = (synthesiser.listVoices?.(language) ?? []).map((listed) => listed.id);
    if (voice !== undefined && !voices.includes(voice)) {
      throw new BadInput(`There is no voice "${voice}" for ${language} here: its voices are ${voices.join(', ')}.`);
    }
    const abort = abortOnDisconnect(request, reply);
    const speech = await synthesiser.synthesise(said, language, { signal: abort.signal }, voice ? { voice } : {});
    return reply
      .header('content-type', 'audio/wav')
      .header('cache-control', 'no-store')
      .header('x-voxlate-said', encodeURIComponent(said))
      .send(wavBytesOf(speech.audio));
  });
}
