import { access, constants, readFile } from 'node:fs/promises';
import { dirname, extname, resolve } from 'node:path';
import { admitLanguages, BadInput, NotFound, type PipelineEvent, type SavedVoice } from '@voxlate/core';
import { DiskVoiceLibrary } from '@voxlate/workspace';
import { probeMedia } from '@voxlate/media';
import { Dubber, type SignedDubRun } from '@voxlate/dubber';
import { defaultOutputPath, parseCliArgs } from './cli-args.js';
import { readGlossaryFile } from './glossary-file.js';
import { writePackage } from './write-package.js';
import { ProgressDisplay } from './progress-display.js';
import { summarise } from './summary.js';
import { runCli } from './run-cli.js';
import { writeManifest, writeReport, writeStems, writeSubtitles } from './write-extras.js';

async function main(argv: readonly string[]): Promise<number> {
  const args = parseCliArgs(argv);
  const transcript = args.transcript === undefined ? undefined : await readTranscript(args.transcript);
  const glossary = args.glossary === undefined ? undefined : await readGlossaryFile(args.glossary);
  const info = await probeMedia(args.input);
  const outputs = args.targets.map(
    (target) => args.out ?? defaultOutputPath(args.input, target, info.video !== undefined),
  );
  await requireWritableFolder(outputs[0]!);
  const dubber = new Dubber();
  const savedVoices = await savedVoicesOf(new DiskVoiceLibrary(dubber.config.dataDir), args.speakerVoices);
  const display = new ProgressDisplay();
  const abort = new AbortController();
  process.once('SIGINT', () => abort.abort());
  const started = performance.now();
  try {
    // Refused before any work, the messages naming the CLI's own flags.
    for (const target of args.targets) {
      await admitLanguages(
        { sourceLanguage: args.from, targetLanguage: target, transcript, engines: args.engines },
        dubber.resolver,
        { source: '--from', target: '--to' },
      );
    }
    const requests = args.targets.map((target, i) => ({
      input: args.input,
      output: outputs[i]!,
      sourceLanguage: args.from,
      targetLanguage: target,
      engines: args.engines,
      ...(transcript === undefined ? {} : { transcript }),
      ...(glossary === undefined ? {} : { glossary }),
      ...(savedVoices === undefined ? {} : { savedVoices }),
      choices: args.choices,
      options: args.separate ? {} : { separation: 'off' as const },
    }));
    const stems = new Map<string, string[]>();
    const andThen = args.stems
      ? async (workDir: string, done: SignedDubRun): Promise<void> => {
          stems.set(
            done.output,
            await writeStems(dubber, workDir, done, { input: args.input, output: done.output }, abort.signal),
          );
        }
      : undefined;
    const several = requests.length > 1;
    const run = {
      signal: abort.signal,
      // Several languages run side by side: their own stages get a bar each, named by language.
      onEventOf: (i: number) => (event: PipelineEvent) => display.handle(event, several ? args.targets[i] : undefined),
    };
    // Several targets: the media is heard once, each language dubbed from its translation on.
    const runs = await dubber.dubTargets(requests, run, andThen);
    display.stop();
    const seconds = (performance.now() - started) / 1000;
    for (const done of runs) {
      const report = args.report && reportPath(args.report, done.timeline.targetLanguage, runs.length);
      const extras = [
        await writeManifest(done, done.output),
        ...(args.subtitles ? await writeSubtitles(done, done.output, args.choices.subtitles.bilingual) : []),
        ...(report ? [report] : []),
        ...(stems.get(done.output) ?? []),
      ];
      if (report) await writeReport(done, report);
      process.stdout.write(`${summarise(done, seconds)}\n`);
      for (const path of extras) process.stdout.write(`  wrote ${path}\n`);
    }
    if (args.youtubePackage) {
      const { title, description, defaultLanguage } = args.youtubePackage;
      const zip = await writePackage(
        dubber,
        args.input,
        runs,
        {
          ...(title === undefined ? {} : { title }),
          ...(description === undefined ? {} : { description }),
          ...(defaultLanguage === undefined ? {} : { default_language: defaultLanguage }),
          ...(args.engines.mt ? { translationEngine: args.engines.mt } : {}),
          ...(glossary ? { glossary } : {}),
        },
        abort.signal,
      );
      process.stdout.write(`  wrote ${zip}\n`);
    }
    if (runs.length > 1) {
      process.stdout.write(
        `${runs.length} languages in ${seconds.toFixed(1)} s: the media was heard once for all of them\n`,
      );
    }
    return 0;
  } finally {
    display.stop();
    await dubber.close();
  }
}

/** --report FILE for one target; FILE with the language before its extension for each of several. */
function reportPath(path: string, language: string, targets: number): string {
  if (targets === 1) return path;
  const extension = extname(path);
  return `${path.slice(0, path.length - extension.length)}.${language}${extension}`;
}

/** The saved voices --speaker-voice names, their speech by its full path in the library. */
async function savedVoicesOf(
  library: DiskVoiceLibrary,
  asked: Record<string, string>,
): Promise<Record<string, SavedVoice> | undefined> {
  if (Object.keys(asked).length === 0) return undefined;
  const voices: Record<string, SavedVoice> = {};
  for (const [speaker, name] of Object.entries(asked)) {
    const { voice, speech } = await library.forDub(name).catch((error) => {
      throw error instanceof NotFound ? new BadInput(`--speaker-voice ${speaker}: ${error.message}`) : error;
    });
    // The CLI's input is not beside the library: the speech is named by its full path.
    voices[speaker] = voice.reference && speech ? { ...voice, reference: { ...voice.reference, file: speech } } : voice;
  }
  return voices;
}

async function readTranscript(path: string): Promise<string> {
  return readFile(path, 'utf8').catch(() => {
    throw new BadInput(`Cannot read the transcript "${path}": there is no such file, or it is not readable.`);
  });
}

/** Checked before any work, so a long job never fails at the very end for want of a folder. */
async function requireWritableFolder(output: string): Promise<void> {
  await access(dirname(resolve(output)), constants.W_OK).catch(() => {
    throw new BadInput(`Cannot write "${output}": its folder does not exist or is not writable.`);
  });
}

void runCli(() => main(process.argv.slice(2)));
