import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FetchLinkedMedia } from '@voxlate/jobs';
import type { Dubber } from '@voxlate/dubber';
import type { ServerConfig } from '../config.js';
import { mediaFieldsOf } from '../requests/dub-job.js';
import { importUrl, type UrlImportOptions } from './url-importer.js';

/** The file a fetched link's media is kept as, in its job's input folder. */
const LINKED_FILE = 'linked-media';

/**
 * A URL import job's first step as this service runs it: the link fetched under the import's
 * rules (public addresses only unless allowed, size and time capped), then looked at as an
 * upload is (the audio mode's rules: audio, or video with sound). What the fetch leaves when it
 * fails is removed; the job records the failure.
 */
export function linkedMediaFetcher(dubber: Dubber, options: UrlImportOptions): FetchLinkedMedia {
  return async (inputFolder, request, signal) => {
    if (request.link === undefined) throw new Error('The job has no link to fetch.');
    await mkdir(inputFolder, { recursive: true });
    const path = join(inputFolder, LINKED_FILE);
    try {
      await importUrl(request.link, path, options, signal);
      return { inputFile: LINKED_FILE, ...(await mediaFieldsOf(dubber, request, path, { mode: 'audio' }, signal)) };
    } catch (error) {
      await rm(path, { force: true });
      throw error;
    }
  };
}

/** The link rules the service's settings make (the upload's size limit, VOXLATE_ALLOW_PRIVATE_URLS, the time limits). */
export function urlImportOptionsOf(
  config: Pick<ServerConfig, 'maxUploadBytes' | 'allowPrivateUrls' | 'urlImport'>,
): UrlImportOptions {
  return { maxBytes: config.maxUploadBytes, allowPrivate: config.allowPrivateUrls, ...config.urlImport };
}
