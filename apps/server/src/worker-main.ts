import { runWorkerProcess } from '@voxlate/jobs';
import { Dubber } from '@voxlate/dubber';
import { serverConfigFromEnv } from './config.js';
import { linkedMediaFetcher, urlImportOptionsOf } from './url-import/linked-media-fetcher.js';

/**
 * `npm run worker`'s composition root: the warm dubber and the service's link rules (a URL
 * import's job fetches its link under the same settings), given to the jobs' worker process.
 */
const dubber = new Dubber();
await runWorkerProcess({
  dubber,
  fetchLinked: linkedMediaFetcher(dubber, urlImportOptionsOf(serverConfigFromEnv())),
});
