import type {} from '@fastify/multipart';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { DUB_ASK_FIELDS, MAX_SUBTITLE_BYTES, type FormBody } from '@voxlate/contract';
import { BadInput, TooLarge, UnsupportedMediaType, isVoxlateError } from '@voxlate/core';
import type { RequestFolder } from './request-folders.js';
import { fieldWithinLimit, SUBTITLES_TOO_LARGE } from './field-limits.js';

export interface ReceivedUpload {
  /** The media file, streamed to the request folder. */
  media?: { path: string; filename: string; bytes: number };
  /** Subtitles given as a file part or a text field. */
  subtitles?: string;
  fields: Record<string, string>;
}

export { MAX_SUBTITLE_BYTES };
export const FILE_TOO_LARGE_MESSAGE = 'File max 150MB';
const MULTIPART_HINT = "Send the form as multipart/form-data, as a browser's FormData does.";
const FORM_CUT_OFF = `The form data ended before it was complete (cut off, or its boundary does not match). ${MULTIPART_HINT}`;
/** Fields a form may carry beyond those it declares (ignored: a browser's FormData may hold more). */
const UNDECLARED_FIELDS = 10;

/** The most text fields a form is read with: every one it declares, and a few more; one past is 413. */
export function mostFieldsOf(form: FormBody): number {
  return Object.keys(form.fields.properties).length + UNDECLARED_FIELDS;
}

/**
 * Reads a multipart request part by part: the media field is streamed to disk (never held
 * in memory) and stops with TooLarge the moment it passes the limit; other fields are text.
 */
export async function receiveUpload(
  request: FastifyRequest,
  folder: RequestFolder,
  options: { form: FormBody; maxBytes: number },
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw new UnsupportedMediaType(`The request is not a form. ${MULTIPART_HINT}`);
  const upload: ReceivedUpload = { fields: {} };
  // As many parts as the form declares: a form with every field filled in is taken.
  const files = Object.keys(options.form.files).length;
  const fields = mostFieldsOf(options.form);
  // The multipart reader learns of a broken connection from the request's 'close' and 'error',
  // which it listens for from here on: a request already destroyed (its body broke in the packet
  // that carried its head, or its client left while the hooks ran) would keep it waiting for
  // ever, and its request folder with it. Nothing may come between this check and `parts`.
  if (request.raw.destroyed && !request.raw.readableEnded) throw new BadInput(FORM_CUT_OFF);
  // Busboy cuts a longer field silently: it is allowed one byte more than the largest field we
  // take, so that a cut is seen and refused rather than passed on shortened.
  const parts = request.parts({
    limits: { fileSize: options.maxBytes, files, fields, fieldSize: MAX_SUBTITLE_BYTES + 1 },
  });
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        upload.fields[part.fieldname] = fieldWithinLimit(part.fieldname, String(part.value), part.valueTruncated);
      } else if (part.fieldname === options.form.mediaPart && !upload.media) {
        const path = folder.path('upload');
        await pipeline(part.file, createWriteStream(path));
        if (part.file.truncated) throw new TooLarge(FILE_TOO_LARGE_MESSAGE);
        upload.media = { path, filename: part.filename, bytes: part.file.bytesRead };
      } else if (part.fieldname === DUB_ASK_FIELDS.subtitles.field) {
        upload.subtitles = await readText(part.file);
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    throw translateMultipartError(error, { fields, files });
  }
  upload.subtitles ??= upload.fields[DUB_ASK_FIELDS.subtitles.field];
  return upload;
}

async function readText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += (chunk as Buffer).length;
    if (size > MAX_SUBTITLE_BYTES) throw new TooLarge(SUBTITLES_TOO_LARGE);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Errors of @fastify/multipart and busboy become our named errors. Busboy's are plain Errors
 * ("Multipart: Boundary not found", "Unexpected end of multipart data"): a malformed form is the
 * client's, never a 500. System errors (a full disk) stay what they are.
 */
function translateMultipartError(error: unknown, most: { fields: number; files: number }): unknown {
  if (isVoxlateError(error)) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new TooLarge(FILE_TOO_LARGE_MESSAGE);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new TooLarge(`The form has too many parts: at most ${most.fields} fields and ${most.files} files.`);
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new BadInput(MULTIPART_HINT);
  if (typeof code === 'string' && code.startsWith('FST_')) return error;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) return error;
  const message = (error as Error).message ?? '';
  if (/boundary not found/i.test(message)) {
    return new BadInput(`The form's Content-Type has no boundary. ${MULTIPART_HINT}`);
  }
  if (/unexpected end|terminated early|closed before/i.test(message) || code === 'FST_MP_PREMATURE_CLOSE') {
    return new BadInput(FORM_CUT_OFF);
  }
  return new BadInput(`The form data could not be read. ${MULTIPART_HINT}`);
}
