import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DiskVoiceLibrary } from '@voxlate/workspace';
import { Routes } from '@voxlate/contract';
import { workspaceOf } from '../access/caller.js';
import { attachment, sendFile } from '../http/send-file.js';
import { saveSpeakerVoice } from '../voices/save-speaker-voice.js';
import { savedVoiceFields } from '../voices/saved-voice-fields.js';
import { voiceFileOf, voiceOfFile } from '../voices/voice-file.js';
import { libraryOf, type RouteContext } from './route-context.js';
import { serveRoute } from './serve-route.js';

/**
 * The voice library of the caller's workspace: save a job's speaker, list, read, rename, remove,
 * export and import voices.
 */
export function registerVoiceLibraryRoutes(app: FastifyInstance, context: RouteContext): void {
  const voicesOf = (request: FastifyRequest): DiskVoiceLibrary => libraryOf(context, request).voices;

  serveRoute(app, Routes.listSavedVoices, async (request) => ({
    voices: (await voicesOf(request).list()).map(savedVoiceFields),
  }));

  serveRoute(app, Routes.saveVoice, async (request, reply) =>
    reply.code(201).send(savedVoiceFields(await saveSpeakerVoice(context, request.body, workspaceOf(request)))),
  );

  serveRoute(app, Routes.importSavedVoice, async (request, reply) => {
    const folder = await context.folders.create();
    try {
      const { voice, speech } = await voiceOfFile(request.body, folder.path('speech.wav'));
      return await reply.code(201).send(savedVoiceFields(await voicesOf(request).add(voice, speech)));
    } finally {
      await folder.remove();
    }
  });

  serveRoute(app, Routes.getSavedVoice, async (request) =>
    savedVoiceFields(await voicesOf(request).get(request.params.id)),
  );

  serveRoute(app, Routes.renameSavedVoice, async (request) =>
    savedVoiceFields(await voicesOf(request).rename(request.params.id, request.body.name.trim())),
  );

  serveRoute(app, Routes.deleteSavedVoice, async (request, reply) => {
    await voicesOf(request).remove(request.params.id);
    return reply.code(204).send();
  });

  serveRoute(app, Routes.exportSavedVoice, async (request, reply) => {
    const voices = voicesOf(request);
    const voice = await voices.get(request.params.id);
    const speech = voice.reference ? await voices.speechOf(voice.id) : undefined;
    return reply
      .header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', attachment(`${voice.name.replace(/[\\/]/g, '_')}.voxlate-voice.json`))
      .send(JSON.stringify(await voiceFileOf(voice, speech)));
  });

  serveRoute(app, Routes.getSavedVoiceSpeech, async (request, reply) => {
    const voices = voicesOf(request);
    const voice = await voices.get(request.params.id);
    await sendFile(request, reply, await voices.speechOf(voice.id), `${voice.name}.wav`);
  });
}
