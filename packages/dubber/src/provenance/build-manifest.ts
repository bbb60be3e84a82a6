import {
  enginesUsed,
  voiceProvenance,
  MANIFEST_FORMAT,
  SYNTHETIC_STATEMENT,
  type DubRequest,
  type DubRun,
  type FileDigest,
  type ToolInfo,
  type UnsignedManifest,
} from '@voxlate/core';
import { digestOfText } from './file-digest.js';

/** The manifest of a finished dub, before it is signed. */
export function buildManifest(parts: {
  request: DubRequest;
  run: DubRun;
  input: FileDigest;
  output: FileDigest;
  tool: ToolInfo;
  created: Date;
}): UnsignedManifest {
  const { request, run } = parts;
  const options = request.options ?? {};
  // The cap the dub ran with: the creator's choice, else the installation's.
  const tempoCap = request.choices?.timing?.tempoCap ?? options.fit?.tempoCap;
  const duckDb = request.choices?.duckDb ?? options.mix?.duckDb;
  return {
    format: MANIFEST_FORMAT,
    synthetic: true,
    statement: SYNTHETIC_STATEMENT,
    tool: parts.tool,
    created: parts.created.toISOString(),
    output: { ...parts.output, container: run.container },
    input: parts.input,
    request: {
      sourceLanguage: run.timeline.sourceLanguage,
      targetLanguage: run.timeline.targetLanguage,
      ...(request.transcript === undefined ? {} : { transcript: digestOfText(request.transcript) }),
      options: {
        ...(request.engines ? { engines: request.engines } : {}),
        ...(tempoCap === undefined ? {} : { tempoCap }),
        ...(duckDb === undefined ? {} : { duckDb }),
        ...(options.mix ? { loudnessLufs: options.mix.loudnessLufs } : {}),
      },
    },
    engines: enginesUsed(run.timeline),
    voice: voiceProvenance(run.timeline, request.choices?.voice?.mode ?? 'clone'),
  };
}
