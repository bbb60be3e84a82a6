import type { RawRequest } from '../../../../apps/server/src/test/raw-http.js';

/** A part of a hand-made multipart body. */
export interface Part {
  name: string;
  value: Buffer | string;
  filename?: string;
  /** Extra part headers, for example a Content-Type. */
  headers?: Record<string, string>;
}

export const BOUNDARY = 'voxlate-abuse-boundary';

/** A multipart/form-data body built by hand, so that it can also be built wrong. */
export function formData(parts: readonly Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const extra = Object.entries(part.headers ?? {})
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${extra}\r\n`, 'latin1'));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export const formType = (boundary = BOUNDARY): Record<string, string> => ({
  'content-type': `multipart/form-data; boundary=${boundary}`,
});

/** The studio's form: English to Spanish, the media last, in the field its endpoint reads. */
function studioForm(mediaField: 'file' | 'video', file: Buffer, filename: string, extra: Part[]): Buffer {
  return formData([
    { name: 'target_language', value: 'spa' },
    { name: 'source_language', value: 'eng' },
    ...extra,
    { name: mediaField, value: file, filename },
  ]);
}

/** The audio-mode form (/translate). */
export const translateForm = (file: Buffer, filename: string, extra: Part[] = []): Buffer =>
  studioForm('file', file, filename, extra);

/** The video-mode form (/process-video). */
export const videoForm = (file: Buffer, filename: string, extra: Part[] = []): Buffer =>
  studioForm('video', file, filename, extra);

/** A link import (/process-audio-url) with this JSON body. */
export function linkImport(body: Record<string, unknown>): RawRequest {
  return {
    method: 'POST',
    path: '/process-audio-url',
    headers: { 'content-type': 'application/json' },
    body: Buffer.from(JSON.stringify(body)),
  };
}
