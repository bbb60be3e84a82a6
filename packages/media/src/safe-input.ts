/**
 * Demuxers allowed to open untrusted input. Playlists (hls, dash), concat lists and image
 * sequences are left out: they make ffmpeg open other files or URLs named inside the file.
 */
export const SAFE_DEMUXERS = [
  'mov',
  'matroska',
  'avi',
  'flv',
  'mpegts',
  'mpeg',
  'wav',
  'w64',
  'mp3',
  'aac',
  'flac',
  'ogg',
  'asf',
  'aiff',
  'au',
  'caf',
  'amr',
  'ac3',
  'eac3',
  'dts',
  'wv',
  'ape',
  'tta',
  'mpc',
  'mpc8',
  'gsm',
  'voc',
  'rm',
  'nut',
  'dv',
  'mxf',
  'm4v',
  'truehd',
  'mlp',
  'loas',
  'gxf',
  'smjpeg',
] as const;

/**
 * Arguments placed before `-i` for any file a user gave us: local files and pipes only, and
 * only the demuxers above, so a crafted file cannot make ffmpeg read other files or the network.
 */
export function safeInputArgs(): string[] {
  return ['-protocol_whitelist', 'file,pipe', '-format_whitelist', SAFE_DEMUXERS.join(',')];
}
