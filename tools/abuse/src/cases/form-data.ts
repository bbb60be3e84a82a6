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

/** The studio's audio-mode form: a file and a target language. */
export function translateForm(file: Buffer, filename: string, extra: Part[] = []): Buffer {
  return formData([
    { name: 'target_language', value: 'spa' },
    { name: 'source_language', value: 'eng' },
    ...extra,
    { name: 'file', value: file, filename },
  ]);
}

/** The studio's video-mode form. */
export function videoForm(file: Buffer, filename: string, extra: Part[] = []): Buffer {
  return formData([
    { name: 'target_language', value: 'spa' },
    { name: 'source_language', value: 'eng' },
    ...extra,
    { name: 'video', value: file, filename },
  ]);
}
