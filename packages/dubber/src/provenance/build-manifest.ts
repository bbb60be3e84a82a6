import {
  enginesUsed,
  resolveChoices,
  resolveOptions,
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
  // What the dub ran with, resolved as the run resolves it: every choice of the creator (a new one
  // is on record with nothing written here), the installation's values where no choice was made.
  const choices = resolveChoices(request.choices);
  const ran = resolveOptions(request.options, choices);
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
        choices,
        tempoCap: ran.fit.tempoCap,
        mix: ran.mix,
      },
    },
    engines: enginesUsed(run.timeline),
    voice: voiceProvenance(run.timeline, choices.voice.mode),
  };
}
