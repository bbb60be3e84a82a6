import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ffmpeg, makeDurationLie } from '../../../../packages/dubber/src/test/make-media.js';
import type { AbuseCase } from '../abuse-case.js';
import { seededRandom } from '../seeded-random.js';
import { formType, translateForm, videoForm } from './form-data.js';
import { CONTAINERS, type BaseMedia, type Container } from './media-files.js';

/** An upload of `bytes` as a file of the container's kind, to the endpoint its kind goes to. */
function upload(container: Pick<Container, 'video' | 'extension'>, bytes: () => Buffer): AbuseCase['request'] {
  return () => ({
    method: 'POST',
    path: container.video ? '/process-video' : '/translate',
    headers: formType(),
    body: container.video
      ? videoForm(bytes(), `clip.${container.extension}`)
      : translateForm(bytes(), `clip.${container.extension}`),
  });
}

const TRUNCATIONS: readonly [string, (length: number) => number][] = [
  ['first-16-bytes', () => 16],
  ['truncated-10%', (n) => Math.floor(n * 0.1)],
  ['truncated-50%', (n) => Math.floor(n * 0.5)],
  ['truncated-90%', (n) => Math.floor(n * 0.9)],
  ['last-byte-missing', (n) => n - 1],
];

/** Bit flips, seeded: in the header, scattered, dense, and a zeroed block. */
const FLIPS: readonly [string, (bytes: Buffer, random: () => number) => void][] = [
  ['flip-1-in-header', (b, r) => flip(b, Math.floor(r() * Math.min(512, b.length)), r)],
  ['flip-8-in-header', (b, r) => repeat(8, () => flip(b, Math.floor(r() * Math.min(512, b.length)), r))],
  ['flip-8-anywhere', (b, r) => repeat(8, () => flip(b, Math.floor(r() * b.length), r))],
  ['flip-0.1%', (b, r) => repeat(Math.ceil(b.length / 1000), () => flip(b, Math.floor(r() * b.length), r))],
  ['flip-1%', (b, r) => repeat(Math.ceil(b.length / 100), () => flip(b, Math.floor(r() * b.length), r))],
  ['zeroed-block', (b, r) => b.fill(0, Math.floor(r() * b.length * 0.8), Math.floor(r() * b.length * 0.8) + 256)],
  ['random-header', (b, r) => repeat(Math.min(64, b.length), (i) => (b[i] = Math.floor(r() * 256)))],
];

function flip(bytes: Buffer, at: number, random: () => number): void {
  bytes[at] = (bytes[at] ?? 0) ^ (1 << Math.floor(random() * 8));
}

function repeat(times: number, act: (index: number) => void): void {
  for (let i = 0; i < times; i++) act(i);
}

/** Truncated and bit-flipped copies of the speech in every container. */
export function corruptedMediaCases(base: BaseMedia): AbuseCase[] {
  const cases: AbuseCase[] = [];
  CONTAINERS.forEach((container, c) => {
    const original = (): Buffer => base.files.get(container.name)!;
    cases.push({
      id: `media/${container.name}/intact`,
      category: 'media-intact',
      target: 'service',
      request: upload(container, original),
    });
    for (const [name, length] of TRUNCATIONS) {
      cases.push({
        id: `media/${container.name}/${name}`,
        category: 'media-truncated',
        target: 'service',
        request: upload(container, () => original().subarray(0, length(original().length))),
      });
    }
    FLIPS.forEach(([name, corrupt], f) => {
      cases.push({
        id: `media/${container.name}/${name}`,
        category: 'media-bit-flipped',
        target: 'service',
        request: upload(container, () => {
          const bytes = Buffer.from(original());
          corrupt(bytes, seededRandom(1000 * c + f));
          return bytes;
        }),
      });
    });
  });
  return cases;
}

/** Files made with ffmpeg once, read when their case is sent. */
function made(base: BaseMedia, name: string, make: (path: string) => void): () => Buffer {
  let bytes: Buffer | undefined;
  return () => {
    if (!bytes) {
      const path = join(base.dir, name);
      make(path);
      bytes = readFileSync(path);
    }
    return bytes;
  };
}

const audio = { video: false, extension: 'wav' };

/** Odd sample rates, channel counts and sample formats, all of which should simply work. */
export function oddFormatCases(base: BaseMedia): AbuseCase[] {
  const variants: [string, string[]][] = [
    ['8-khz-mono', ['-ar', '8000', '-ac', '1']],
    ['11-khz', ['-ar', '11025']],
    ['96-khz', ['-ar', '96000']],
    ['192-khz', ['-ar', '192000']],
    ['6-channels', ['-ac', '6']],
    ['8-channels', ['-ac', '8']],
    ['u8', ['-c:a', 'pcm_u8']],
    ['float32', ['-c:a', 'pcm_f32le']],
    ['24-bit', ['-c:a', 'pcm_s24le']],
    ['a-law', ['-c:a', 'pcm_alaw']],
    ['ima-adpcm', ['-c:a', 'adpcm_ima_wav']],
  ];
  const cases: AbuseCase[] = variants.map(([name, options]) => ({
    id: `formats/${name}`,
    category: 'formats',
    target: 'service',
    request: upload(
      audio,
      made(base, `${name}.wav`, (path) => ffmpeg`-i ${base.speechWav} ${options} ${path}`),
    ),
  }));
  cases.push(
    {
      id: 'formats/one-sample',
      category: 'formats',
      target: 'service',
      request: upload(
        audio,
        made(base, 'one-sample.wav', (path) => ffmpeg`-f lavfi -i sine -frames:a 1 -ar 16000 ${path}`),
      ),
    },
    {
      id: 'formats/header-only-wav',
      category: 'formats',
      target: 'service',
      request: upload(audio, () => wavHeader({ dataBytes: 0 })),
    },
  );
  return cases;
}

interface WavFields {
  dataBytes: number;
  rate?: number;
  channels?: number;
  bits?: number;
  riffBytes?: number;
}

/** A 44-byte PCM WAV header, with fields that can lie. */
function wavHeader(fields: WavFields): Buffer {
  const { dataBytes, rate = 16000, channels = 1, bits = 16 } = fields;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(fields.riffBytes ?? Math.min(0xffffffff, 36 + dataBytes), 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE((rate * channels * bits) / 8, 28);
  header.writeUInt16LE((channels * bits) / 8, 32);
  header.writeUInt16LE(bits, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes >>> 0, 40);
  return header;
}

/** The speech as 16 kHz mono PCM with a header that lies about it. */
function lyingWav(base: BaseMedia, lie: Partial<WavFields>): () => Buffer {
  const pcm = made(base, 'speech-16k.s16le', (path) => ffmpeg`-i ${base.speechWav} -ar 16000 -ac 1 -f s16le ${path}`);
  return () => Buffer.concat([wavHeader({ dataBytes: pcm().length, ...lie }), pcm()]);
}

/** Containers whose header says something else than their content. */
export function headerLieCases(base: BaseMedia): AbuseCase[] {
  const mkvLie = (real: number, claimed: number): (() => Buffer) => {
    let bytes: Buffer | undefined;
    return () => (bytes ??= readFileSync(makeDurationLie(base.dir, base.speechWav, real, claimed, '12k')));
  };
  const mkv = { video: false, extension: 'mkv' };
  const lies: [string, () => Buffer, readonly number[] | undefined][] = [
    ['mkv-holds-20s-claims-2s', mkvLie(20, 2), [200]],
    ['mkv-holds-31min-claims-5s', mkvLie(31 * 60, 5), [422]],
    ['mkv-holds-4s-claims-3h', mkvLie(4, 3 * 3600), [422]],
    ['wav-data-size-max', lyingWav(base, { dataBytes: 0xffffffff }), undefined],
    ['wav-data-size-tiny', lyingWav(base, { dataBytes: 100 }), undefined],
    ['wav-riff-size-zero', lyingWav(base, { riffBytes: 0 }), undefined],
    ['wav-rate-says-8k', lyingWav(base, { rate: 8000 }), undefined],
    ['wav-rate-says-1hz', lyingWav(base, { rate: 1 }), undefined],
    ['wav-rate-says-zero', lyingWav(base, { rate: 0 }), undefined],
    ['wav-zero-channels', lyingWav(base, { channels: 0 }), undefined],
    ['wav-255-channels', lyingWav(base, { channels: 255 }), undefined],
    ['wav-3-bits', lyingWav(base, { bits: 3 }), undefined],
  ];
  return lies.map(([name, bytes, expect]) => ({
    id: `lies/${name}`,
    category: 'header-lies',
    target: 'service',
    request: upload(name.startsWith('mkv') ? mkv : audio, bytes),
    ...(expect ? { expect } : {}),
    // Only the one holding 31 minutes is slow (it is decoded up to the limit).
    ...(name.includes('31min') ? { timeoutMs: 180_000 } : {}),
  }));
}

/** Long files of silence: refused as having no speech, or as too long, without long work. */
export function silenceCases(base: BaseMedia): AbuseCase[] {
  const silence = (minutes: number): (() => Buffer) =>
    made(
      base,
      `silence-${minutes}m.opus`,
      (path) => ffmpeg`-f lavfi -i anullsrc=r=16000:cl=mono -t ${minutes * 60} -c:a libopus -b:a 6k ${path}`,
    );
  const opus = { video: false, extension: 'opus' };
  return [
    { id: 'silence/10-minutes', minutes: 10, expect: [422] },
    { id: 'silence/29-minutes', minutes: 29, expect: [422] },
    { id: 'silence/31-minutes', minutes: 31, expect: [422] },
  ].map((entry) => ({
    id: entry.id,
    category: 'silence',
    target: 'service',
    request: upload(opus, silence(entry.minutes)),
    expect: entry.expect,
    ...(entry.minutes > 10 ? { timeoutMs: 180_000 } : {}),
  }));
}

/**
 * Text formats that make ffmpeg open other files or URLs: playlists, concat scripts, SDP. The
 * service opens uploads with a demuxer allow-list, so every one must be refused as not media.
 */
export function playlistCases(serviceUrl: string): AbuseCase[] {
  const loopback = `${serviceUrl}/health`;
  const scripts: [string, string, string][] = [
    ['hls-local-file', 'm3u8', `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n`],
    ['hls-loopback', 'm3u8', `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${loopback}\n#EXT-X-ENDLIST\n`],
    ['hls-relative', 'm3u8', `#EXTM3U\n#EXTINF:10,\n../../../../etc/passwd\n#EXT-X-ENDLIST\n`],
    ['ffconcat-local-file', 'txt', `ffconcat version 1.0\nfile '/etc/passwd'\n`],
    ['ffconcat-loopback', 'ffconcat', `ffconcat version 1.0\nfile '${loopback}'\n`],
    ['m3u-local-file', 'm3u', `/etc/passwd\n/usr/share/sounds/alsa/Front_Center.wav\n`],
    [
      'sdp-rtp-loopback',
      'sdp',
      `v=0\no=- 0 0 IN IP4 127.0.0.1\ns=x\nc=IN IP4 127.0.0.1\nt=0 0\nm=audio 5004 RTP/AVP 0\n`,
    ],
    ['asx-loopback', 'asx', `<asx version="3.0"><entry><ref href="${loopback}"/></entry></asx>`],
    ['ffmetadata', 'txt', `;FFMETADATA1\ntitle=x\n`],
    ['subfile-url-text', 'txt', `subfile,,start,0,end,0,,:/etc/passwd`],
  ];
  return scripts.map(([name, extension, text]) => ({
    id: `playlists/${name}`,
    category: 'playlists',
    target: 'service',
    request: upload({ video: false, extension }, () => Buffer.from(text)),
    expect: [415],
  }));
}
