import type { VideoInfo, YuvColour } from '@voxlate/core';

/** swscale's names for the colour matrices ffprobe reports; untagged video is read as BT.601. */
const MATRICES: Readonly<Record<string, string>> = {
  bt709: 'bt709',
  smpte170m: 'smpte170m',
  bt470bg: 'bt470',
  smpte240m: 'smpte240m',
  fcc: 'fcc',
  bt2020nc: 'bt2020',
  bt2020c: 'bt2020',
};

/**
 * The matrix and range a video's YUV is converted to RGB with, and back: the same both ways, so
 * the pixels lip sync does not touch come back as they were (to within the encoder's loss).
 */
export function colourConversion(video: VideoInfo): { matrix: string; range: 'tv' | 'pc' } {
  return {
    matrix: MATRICES[video.colour.space ?? ''] ?? 'bt601',
    range: video.colour.range === 'pc' ? 'pc' : 'tv',
  };
}

/** Luma weights of red and blue for each of swscale's matrices (ITU-R BT.601, BT.709, SMPTE 240M, FCC, BT.2020). */
const LUMA_WEIGHTS: Readonly<Record<string, readonly [number, number]>> = {
  bt601: [0.299, 0.114],
  smpte170m: [0.299, 0.114],
  bt470: [0.299, 0.114],
  bt709: [0.2126, 0.0722],
  smpte240m: [0.212, 0.087],
  fcc: [0.3, 0.11],
  bt2020: [0.2627, 0.0593],
};

/** The conversion between a video's YUV and RGB that colourConversion gives ffmpeg, as numbers. */
export function yuvColourOf(video: VideoInfo): YuvColour {
  const { matrix, range } = colourConversion(video);
  const [kr, kb] = LUMA_WEIGHTS[matrix] ?? LUMA_WEIGHTS.bt601!;
  return { kr, kb, fullRange: range === 'pc' };
}

/** The upright picture's size: a stream shown turned a quarter is decoded with width and height swapped. */
export function uprightSize(video: VideoInfo): { width: number; height: number } {
  const quarter = video.rotation === 90 || video.rotation === 270;
  return quarter ? { width: video.height, height: video.width } : { width: video.width, height: video.height };
}
