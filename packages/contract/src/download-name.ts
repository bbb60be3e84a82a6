/**
 * What a dub's file is called: the creator's own file name with the language and the type, so
 * "talk.mp4" dubbed into French gives "talk.fra.mp4" and "talk.fra.srt". Characters that cannot
 * stand in a file name (control characters, slashes) are left out; a name with nothing usable
 * becomes "dub".
 */
export function downloadName(inputName: string | undefined, language: string, extension: string): string {
  const stem = [...(inputName ?? '').replace(/\.[^.]*$/, '')]
    .filter((character) => character >= ' ' && character !== '\x7f' && character !== '/' && character !== '\\')
    .join('')
    .trim()
    .slice(0, 120);
  return `${stem === '' ? 'dub' : stem}.${language}.${extension}`;
}
