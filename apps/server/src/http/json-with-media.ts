import { createReadStream } from 'node:fs';

/** Bytes read at a time: a multiple of 3, so each chunk encodes to base64 without padding. */
const READ_BYTES = 3 * 64 * 1024;

/**
 * A JSON object in which some string fields hold files as base64, produced piece by piece:
 * `{"audio":"<base64 of the file, chunk by chunk>", ...the other fields}`. Never one string
 * holding the whole file (a 20-minute 48 kHz stereo WAV is past V8's string limit once encoded)
 * and never the whole file in memory: whoever consumes the pieces sets the pace.
 */
export async function* jsonWithMedia(
  media: Readonly<Record<string, string>>,
  fields: Readonly<Record<string, unknown>>,
): AsyncGenerator<string> {
  let first = true;
  for (const [name, path] of Object.entries(media)) {
    yield `${first ? '{' : ','}${JSON.stringify(name)}:"`;
    first = false;
    yield* base64Of(path);
    yield '"';
  }
  const rest = JSON.stringify(fields);
  if (first) yield rest;
  else yield rest === '{}' ? '}' : `,${rest.slice(1)}`;
}

/** A file as base64 text, chunk by chunk (every chunk but the last a multiple of 3 bytes). */
async function* base64Of(path: string): AsyncGenerator<string> {
  let carry = Buffer.alloc(0);
  for await (const data of createReadStream(path, { highWaterMark: READ_BYTES })) {
    const bytes = carry.length > 0 ? Buffer.concat([carry, data as Buffer]) : (data as Buffer);
    const whole = bytes.length - (bytes.length % 3);
    carry = Buffer.from(bytes.subarray(whole));
    if (whole > 0) yield bytes.subarray(0, whole).toString('base64');
  }
  if (carry.length > 0) yield carry.toString('base64');
}
