import { readFile } from 'node:fs/promises';
import { isVoxlateError } from '@voxlate/core';
import { probeMedia } from '@voxlate/media';
import { Dubber } from '@voxlate/runtime';
import { defaultOutputPath, parseCliArgs } from './cli-args.js';
import { ProgressDisplay } from './progress-display.js';
import { summarise } from './summary.js';
import { writeReport, writeSubtitles } from './write-extras.js';

async function main(argv: readonly string[]): Promise<number> {
  const args = parseCliArgs(argv);
  const transcript = args.transcript === undefined ? undefined : await readFile(args.transcript, 'utf8');
  const info = await probeMedia(args.input);
  const output = args.out ?? defaultOutputPath(args.input, args.to, info.video !== undefined);
  const dubber = new Dubber();
  const display = new ProgressDisplay();
  const abort = new AbortController();
  process.once('SIGINT', () => abort.abort());
  const started = performance.now();
  try {
    const run = await dubber.dub(
      {
        input: args.input,
        output,
        sourceLanguage: args.from,
        targetLanguage: args.to,
        engines: args.engines,
        ...(transcript === undefined ? {} : { transcript }),
        ...(args.tempoCap === undefined
          ? {}
          : { options: { fit: { ...dubber.config.options.fit, tempoCap: args.tempoCap } } }),
      },
      { signal: abort.signal, onEvent: (event) => display.handle(event) },
    );
    display.stop();
    const extras = [
      ...(args.subtitles ? await writeSubtitles(run, output) : []),
      ...(args.report ? [args.report] : []),
    ];
    if (args.report) await writeReport(run, args.report);
    process.stdout.write(`${summarise(run, (performance.now() - started) / 1000)}\n`);
    for (const path of extras) process.stdout.write(`  wrote ${path}\n`);
    return 0;
  } finally {
    display.stop();
    await dubber.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (isVoxlateError(error)) {
      process.stderr.write(`${error.code === 'BadInput' ? '' : `${error.code}: `}${error.message}\n`);
      if (process.env['VOXLATE_DEBUG'] && error.detail) process.stderr.write(`${error.detail}\n`);
      process.exit(error.code === 'Cancelled' ? 130 : error.code === 'BadInput' ? 2 : 1);
    }
    process.stderr.write(
      `Unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
