import { LANGUAGES } from '../languages.js';
import { DEFAULT_MIX, type MediaPort, type MixOptions, type PlacedClip, type RenderRequest } from '../media.js';
import { outputDurationOf, placedSpan } from '../placement.js';
import type { SavedRun } from '../pipeline/saved-run.js';
import type { EngineContext } from '../engine-info.js';
import { NotFound } from '../errors.js';
import { outputTags, type ToolInfo } from '../provenance/output-tags.js';

/**
 * The parts of a finished dub an editor takes apart: the dub alone, one speaker's lines alone,
 * the background alone (when the voice was separated out), and one file with the original, the
 * dub and the background as separate tracks.
 */
export type StemName = 'dub' | 'background' | 'multitrack' | `speaker-${string}`;

export interface StemOffer {
  name: StemName;
  /** What the download menu says. */
  label: string;
  /** The file's extension: WAV for one track, Matroska (video, or audio alone) for several. */
  extension: 'wav' | 'mkv' | 'mka';
}

/** Where a stem is made from: the finished run (its files named) and the media it dubbed. */
export interface StemSource {
  saved: SavedRun;
  input: string;
  tool: ToolInfo;
  mix?: MixOptions;
}

/** The stems this run offers, in the download menu's order. */
export function stemsOffered(saved: SavedRun): StemOffer[] {
  const speakers = [...new Set(saved.timeline.segments.map((segment) => segment.speaker ?? 'S1'))].sort((a, b) =>
    a.localeCompare(b, 'en', { numeric: true }),
  );
  const picture = saved.info?.video !== undefined;
  return [
    { name: 'dub', label: 'Dub alone (no background)', extension: 'wav' },
    ...speakers.map((speaker) => ({
      name: `speaker-${speaker}` as const,
      label: `Speaker ${speaker} alone`,
      extension: 'wav' as const,
    })),
    ...(saved.background
      ? [{ name: 'background' as const, label: 'Background alone', extension: 'wav' as const }]
      : []),
    {
      name: 'multitrack',
      label: saved.background ? 'Multi-track: original, dub, background' : 'Multi-track: original, dub',
      extension: picture ? 'mkv' : 'mka',
    },
  ];
}

/**
 * Writes one stem to `output`. Single tracks are rendered as the dub was, with its loudness gain
 * (so the dub and the background put back together sound as the result does) and WAV; the
 * multi-track file holds the original's audio, the dub alone and the background, each tagged
 * with its language. `scratch` is a folder of the caller's for what is made on the way. Throws
 * NotFound for a stem this run does not offer (and says which it does).
 */
export async function renderStem(
  media: MediaPort,
  source: StemSource,
  name: StemName,
  files: { output: string; scratch: string },
  context: EngineContext,
): Promise<void> {
  const { output } = files;
  const offer = stemsOffered(source.saved).find((candidate) => candidate.name === name);
  if (!offer) {
    const names = stemsOffered(source.saved).map((candidate) => candidate.name);
    throw new NotFound(`This dub has no stem "${name}": it has ${names.join(', ')}.`);
  }
  if (name === 'multitrack') return renderMultitrack(media, source, files, context);
  await media.render(trackRequest(source, name, output), context);
}

function trackRequest(source: StemSource, name: StemName, output: string): RenderRequest {
  const { saved } = source;
  const info = saved.info;
  if (!info) throw new NotFound('This dub was made before stems were kept: dub it again to take it apart.');
  const speaker = name.startsWith('speaker-') ? name.slice('speaker-'.length) : undefined;
  const clips: PlacedClip[] =
    name === 'background'
      ? []
      : saved.timeline.segments.flatMap((segment) => {
          const placed = placedSpan(segment);
          if (!placed || !segment.dubbed) return [];
          if (speaker !== undefined && (segment.speaker ?? 'S1') !== speaker) return [];
          const levelled = segment.mixGainDb === undefined ? {} : { gainDb: segment.mixGainDb };
          return [{ ref: segment.dubbed, start: placed.start, ...levelled }];
        });
  return {
    input: source.input,
    info,
    clips,
    mix: source.mix ?? DEFAULT_MIX,
    output,
    outputSeconds: outputDurationOf(saved.timeline),
    container: 'wav',
    tags: outputTags(saved.timeline, source.tool, new Date()),
    ...(name === 'background' && saved.background ? { background: saved.background } : { silentUnder: true }),
    gainDb: saved.timeline.mixGainDb ?? 0,
  };
}

async function renderMultitrack(
  media: MediaPort,
  source: StemSource,
  { output, scratch }: { output: string; scratch: string },
  context: EngineContext,
): Promise<void> {
  const { saved } = source;
  const info = saved.info;
  if (!info) throw new NotFound('This dub was made before stems were kept: dub it again to take it apart.');
  const dub = `${scratch}/multitrack-dub.wav`;
  await media.render(trackRequest(source, 'dub', dub), context);
  const { sourceLanguage, targetLanguage } = saved.timeline;
  const background = saved.background;
  await media.muxTracks(
    {
      input: source.input,
      info,
      output,
      tracks: [
        { path: source.input, language: sourceLanguage, title: `Original (${LANGUAGES[sourceLanguage].name})` },
        { path: dub, language: targetLanguage, title: `Dub (${LANGUAGES[targetLanguage].name})` },
        ...(background
          ? [
              {
                path: background.path,
                raw: { sampleRate: background.sampleRate, channels: background.channels },
                language: 'zxx',
                title: 'Background',
              },
            ]
          : []),
      ],
    },
    context,
  );
}
