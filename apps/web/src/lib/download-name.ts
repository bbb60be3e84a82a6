/**
 * What a download is called: the creator's own file name with the language and the type, as
 * "talk.mp4" dubbed into French gives "talk.fra.mp4" and "talk.fra.srt".
 */
export function downloadName(inputName: string | undefined, language: string, extension: string): string {
  const stem = (inputName ?? '').replace(/\.[^.]*$/, '').trim();
  return `${stem === '' ? 'dub' : stem}.${language}.${extension}`;
}
