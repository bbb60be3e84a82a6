import { access, constants, stat } from 'node:fs/promises';
import { BadInput, MediaUnreadable, NoAudioStream, type MediaInfo } from '@voxlate/core';
import { ProbeMemo } from './probe-memo.js';
import { runProcess, ProcessFailed } from './run-process.js';
import { safeInputArgs } from './safe-input.js';

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  sample_rate?: string;
  channels?: number;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  disposition?: { attached_pic?: number };
  color_space?: string;
  color_range?: string;
  color_primaries?: string;
  color_transfer?: string;
  side_data_list?: { side_data_type?: string; rotation?: number }[];
  tags?: { rotate?: string };
}

interface ProbeOutput {
  format?: { format_name?: string; duration?: string };
  streams?: ProbeStream[];
}

const probed = new ProbeMemo<ProbeOutput>();

/**
 * Reads the container and streams with ffprobe (once per file: see ProbeMemo). Throws
 * MediaUnreadable or NoAudioStream.
 */
export async function probeMedia(input: string, signal?: AbortSignal): Promise<MediaInfo> {
  const unreadable = (): never => {
    throw new BadInput(`Cannot read "${input}": there is no such file, or it is not readable.`);
  };
  await access(input, constants.R_OK).catch(unreadable);
  const file = await stat(input).catch(unreadable);
  const known = probed.get(file);
  if (known) return mediaInfoFrom(known);
  const output = await runFfprobe(input, signal);
  probed.set(file, output);
  return mediaInfoFrom(output);
}

async function runFfprobe(input: string, signal: AbortSignal | undefined): Promise<ProbeOutput> {
  const args = ['-v', 'error', ...safeInputArgs(), '-print_format', 'json', '-show_format', '-show_streams', input];
  try {
    const { stdout } = await runProcess('ffprobe', args, { signal });
    return JSON.parse(stdout) as ProbeOutput;
  } catch (error) {
    if (error instanceof ProcessFailed) {
      throw new MediaUnreadable(
        'The file could not be read as audio or video: it is corrupt or not a media format we accept.',
        error.stderr,
      );
    }
    throw error;
  }
}

/** Pure: ffprobe's JSON to MediaInfo. */
export function mediaInfoFrom(output: ProbeOutput): MediaInfo {
  const streams = output.streams ?? [];
  const audio = streams.find((stream) => stream.codec_type === 'audio');
  if (!audio) throw new NoAudioStream();
  const durationSeconds = mediaDuration(output);
  const video = streams.find((stream) => stream.codec_type === 'video' && stream.disposition?.attached_pic !== 1);
  return {
    durationSeconds,
    format: output.format?.format_name ?? 'unknown',
    audio: {
      codec: audio.codec_name ?? 'unknown',
      sampleRate: Number(audio.sample_rate ?? 0) || 44100,
      channels: audio.channels ?? 1,
    },
    ...(video
      ? {
          video: {
            codec: video.codec_name ?? 'unknown',
            width: video.width ?? 0,
            height: video.height ?? 0,
            fps: parseRate(video.avg_frame_rate) || parseRate(video.r_frame_rate) || 25,
            rotation: rotationOf(video),
            colour: colourOf(video),
          },
        }
      : {}),
  };
}

/** The container's duration, else the longest stream's. */
function mediaDuration(output: ProbeOutput): number {
  const container = Number(output.format?.duration);
  if (Number.isFinite(container) && container > 0) return container;
  const candidates = (output.streams ?? [])
    .map((stream) => Number(stream.duration))
    .filter((value) => Number.isFinite(value) && value > 0);
  if (candidates.length === 0) {
    throw new MediaUnreadable('The media has no readable duration: the file may be truncated or corrupt.');
  }
  return Math.max(...candidates);
}

/** Degrees the picture is shown turned: the display matrix (newer files) or the old rotate tag. */
function rotationOf(stream: ProbeStream): number {
  const matrix = stream.side_data_list?.find((side) => side.side_data_type === 'Display Matrix');
  const degrees = Number(matrix?.rotation ?? stream.tags?.rotate ?? 0);
  return Number.isFinite(degrees) ? ((Math.round(degrees) % 360) + 360) % 360 : 0;
}

function colourOf(stream: ProbeStream): NonNullable<MediaInfo['video']>['colour'] {
  const tag = (value: string | undefined): string | undefined =>
    value && value !== 'unknown' && value !== 'unspecified' ? value : undefined;
  const colour: NonNullable<MediaInfo['video']>['colour'] = {};
  const [space, range, primaries, transfer] = [
    tag(stream.color_space),
    tag(stream.color_range),
    tag(stream.color_primaries),
    tag(stream.color_transfer),
  ];
  if (space) colour.space = space;
  if (range) colour.range = range;
  if (primaries) colour.primaries = primaries;
  if (transfer) colour.transfer = transfer;
  return colour;
}

function parseRate(rate: string | undefined): number {
  if (!rate) return 0;
  const [numerator, denominator] = rate.split('/').map(Number);
  if (!numerator || !denominator) return 0;
  return numerator / denominator;
}
