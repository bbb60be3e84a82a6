import { access, constants, readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { admitLanguages, BadInput, parseGlossaryCsv } from '@voxlate/core';
import { probeMedia } from '@voxlate/media';
import { Dubber } from '@voxlate/runtime';
import { defaultOutputPath, parseCliArgs } from './cli-args.js';
import { ProgressDisplay } from './progress-display.js';
import { summarise } from './summary.js';
import { runCli } from './run-cli.js';
import { writeManifest, writeReport, writeStems, writeSubtitles } from './write-extras.js';

async function main(argv: readonly string[]): Promise<number> {
  const args = parseCliArgs(argv);
  const transcript = args.transcript === undefined ? undefined : await readTranscript(args.transcript);
  const glossary = args.glossary === undefined ? undefined : parseGlossaryCsv(await readGlossary(args.glossary));
  const info = await probeMedia(args.input);
  const output = args.out ?? defaultOutputPath(args.input, args.to, info.video !== undefined);
  await requireWritableFolder(output);
  const dubber = new Dubber();
  const display = new ProgressDisplay();
  const abort = new AbortController();
  process.once('SIGINT', () => abort.abort());
  const started = performance.now();
  try {
    // Refused before any work, the messages naming the CLI's own flags.
    await admitLanguages(
      { sourceLanguage: args.from, targetLanguage: args.to, transcript, engines: args.engines },
      dubber.resolver,
      { source: '--from', target: '--to' },
    );
    const stems: string[] = [];
    const run = await dubber.dub(
      {
        input: args.input,
        output,
        sourceLanguage: args.from,
        targetLanguage: args.to,
        engines: args.engines,
        ...(transcript === undefined ? {} : { transcript }),
        ...(glossary === undefined ? {} : { glossary }),
        choices: args.choices,
        options: args.separate ? {} : { separation: 'off' },
      },
      { signal: abort.signal, onEvent: (event) => display.handle(event) },
      args.stems
        ? async (workDir, done) => {
            stems.push(...(await writeStems(dubber, workDir, done, { input: args.input, output }, abort.signal)));
          }
        : undefined,
    );
    display.stop();
    const extras = [
      await writeManifest(run, output),
      ...(args.subtitles ? await writeSubtitles(run, output, args.choices.subtitles.bilingual) : []),
      ...(args.report ? [args.report] : []),
      ...stems,
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

async function readTranscript(path: string): Promise<string> {
  return readFile(path, 'utf8').catch(() => {
    throw new BadInput(`Cannot read the transcript "${path}": there is no such file, or it is not readable.`);
  });
}

async function readGlossary(path: string): Promise<string> {
  return readFile(path, 'utf8').catch(() => {
    throw new BadInput(`Cannot read the glossary "${path}": there is no such file, or it is not readable.`);
  });
}

/** Checked before any work, so a long job never fails at the very end for want of a folder. */
async function requireWritableFolder(output: string): Promise<void> {
  await access(dirname(resolve(output)), constants.W_OK).catch(() => {
    throw new BadInput(`Cannot write "${output}": its folder does not exist or is not writable.`);
  });
}

void runCli(() => main(process.argv.slice(2)));
