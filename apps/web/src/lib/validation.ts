/** Spec section 9: 150 MB. */
export const MAX_UPLOAD_BYTES = 157_286_400;

export type ContentType = 'audio' | 'video' | 'both';

/** Spec section 5: audio mode takes audio/* or video/*, video modes video/* only; 150 MB at most. */
export function fileError(file: { type: string; size: number }, contentType: ContentType): string | undefined {
  const kind = contentType === 'audio' ? 'audio' : 'video';
  const accepted = contentType === 'audio' ? ['audio/', 'video/'] : ['video/'];
  if (!accepted.some((prefix) => file.type.startsWith(prefix))) return `Please upload a valid ${kind} file`;
  if (file.size > MAX_UPLOAD_BYTES) return 'File max 150MB';
  return undefined;
}

/** Checked again before sending (section 5). */
export function submitError(
  file: File | undefined,
  targetLanguage: string,
  contentType: ContentType,
): string | undefined {
  if (!file) return 'Please upload a file';
  if (!targetLanguage) return 'Please select a target language';
  return fileError(file, contentType);
}

export function urlSubmitError(url: string, targetLanguage: string): string | undefined {
  const valid = /^https?:\/\/\S+$/i.test(url.trim());
  return !targetLanguage || !valid ? 'Please select a language and enter a valid URL' : undefined;
}
