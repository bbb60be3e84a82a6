import type { VideoInfo } from '@voxlate/core';

/** The range a video's YUV uses: untagged video is read as video range (16-235), as swscale does. */
export function colourRange(video: VideoInfo): 'tv' | 'pc' {
  return video.colour.range === 'pc' ? 'pc' : 'tv';
}

/** The upright picture's size: a stream shown turned a quarter is decoded with width and height swapped. */
export function uprightSize(video: VideoInfo): { width: number; height: number } {
  const quarter = video.rotation === 90 || video.rotation === 270;
  return quarter ? { width: video.height, height: video.width } : { width: video.width, height: video.height };
}
