import { addressOf, Routes, type PublishPackageBody } from '@voxlate/contract';
import { nonOkMessage, StudioError } from './api.js';

/** Where a group's package is made, or one job's. */
export function packageAddress(of: { group: string } | { job: string }): string {
  return 'group' in of
    ? addressOf(Routes.packageGroup, { params: { id: of.group } })
    : addressOf(Routes.packageJob, { params: { id: of.job } });
}

/** Makes the package and gives it back with the name the service gave it. */
export async function fetchPublishPackage(
  address: string,
  body: PublishPackageBody,
): Promise<{ zip: Blob; name: string }> {
  const response = await fetch(address, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new StudioError(await nonOkMessage(response));
  return { zip: await response.blob(), name: attachmentName(response.headers.get('content-disposition')) };
}

/** The file name of an attachment (its UTF-8 form when given), or a plain one. */
function attachmentName(disposition: string | null): string {
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return /filename="([^"]+)"/i.exec(disposition ?? '')?.[1] ?? 'youtube-package.zip';
}
