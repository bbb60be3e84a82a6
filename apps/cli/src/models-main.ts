import cliProgress from 'cli-progress';
import { isVoxlateError } from '@voxlate/core';
import { ModelManager, PRESETS, type CatalogModel } from '@voxlate/models';

const USAGE = `Usage: npm run models -- list | add <id|preset>... | remove <id> | verify

Presets: ${Object.entries(PRESETS)
  .map(([name, ids]) => `${name} (${ids.join(', ')})`)
  .join('; ')}
Settings: VOXLATE_MODELS_DIR (folder), VOXLATE_HF_MIRROR (hub base URL), VOXLATE_OFFLINE=1 (no network).`;

/** `npm run models`: the model manager on the command line. */
async function main([command, ...rest]: string[]): Promise<number> {
  const argument = rest[0];
  const manager = new ModelManager();
  switch (command) {
    case 'list':
      for (const model of await manager.list()) {
        const state = model.installed ? `installed, ${Math.round(model.bytes / 1e6)} MB` : 'not installed';
        console.log(`${model.id.padEnd(26)} ${model.task.padEnd(8)} ${state.padEnd(24)} ${model.description}`);
        console.log(
          `${''.padEnd(36)}licence: ${model.licence.name}${model.licence.terms ? `. ${model.licence.terms}` : ''}`,
        );
      }
      console.log(`\nModels folder: ${manager.settings.root}${manager.settings.offline ? ' (offline mode)' : ''}`);
      return 0;
    case 'add': {
      if (rest.length === 0) break;
      for (const id of rest) {
        const status = await add(manager, id);
        if (status !== 0) return status;
      }
      return 0;
    }
    case 'remove':
      if (!argument) break;
      await manager.remove(argument);
      console.log(`Removed ${argument}.`);
      return 0;
    case 'verify': {
      const results = await manager.verify();
      for (const result of results)
        console.log(`${result.id}: ${result.problems.length === 0 ? 'ok' : result.problems.join('; ')}`);
      if (results.length === 0) console.log('No models installed.');
      return results.some((result) => result.problems.length > 0) ? 1 : 0;
    }
  }
  console.error(USAGE);
  return 2;
}

/** What a model costs and allows, said before a byte of it is fetched. */
function beforeDownload(model: CatalogModel): string {
  const size = model.megabytes === undefined ? '' : `, about ${model.megabytes} MB`;
  const terms = model.licence.terms ? `\n  ${model.licence.terms}` : '';
  return `${model.id}${size}: ${model.description}\n  Licence: ${model.licence.name} (${model.licence.url})${terms}`;
}

async function add(manager: ModelManager, id: string | undefined): Promise<number> {
  if (!id) {
    console.error(USAGE);
    return 2;
  }
  for (const model of manager.models(id)) console.log(beforeDownload(model));
  const bar = new cliProgress.SingleBar(
    { format: ' {file} |{bar}| {percentage}% {value}/{total} bytes' },
    cliProgress.Presets.shades_classic,
  );
  let current = '';
  const abort = new AbortController();
  process.once('SIGINT', () => abort.abort());
  try {
    const ids = await manager.add(id, {
      signal: abort.signal,
      onProgress: (progress) => {
        if (progress.file !== current) {
          if (current) bar.stop();
          current = progress.file;
          bar.start(progress.total ?? 0, progress.received, { file: progress.file.split('/').slice(-2).join('/') });
        }
        bar.update(progress.received);
      },
    });
    bar.stop();
    console.log(`Installed: ${ids.join(', ')}`);
    return 0;
  } finally {
    bar.stop();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(isVoxlateError(error) ? error.message : error instanceof Error ? error.message : String(error));
    process.exit(1);
  },
);
