import cliProgress from 'cli-progress';
import { isListeningStage, stageLabel, type PipelineEvent, type StageName } from '@voxlate/core';

/**
 * One progress bar per stage on a TTY; plain lines otherwise (CI logs, pipes). With several
 * languages at once, each language's own stages (translation on) have a bar of their own, named
 * after it; the listening stages run once, for all.
 */
export class ProgressDisplay {
  private readonly multibar: cliProgress.MultiBar | undefined;
  private readonly bars = new Map<string, cliProgress.SingleBar>();
  /** Which language's run each listening stage's bar follows. */
  private readonly listenedBy = new Map<StageName, string>();

  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {
    if (stream.isTTY) {
      this.multibar = new cliProgress.MultiBar(
        {
          format: ' {stage} |{bar}| {percentage}% {note}',
          hideCursor: true,
          clearOnComplete: false,
          stream,
        },
        cliProgress.Presets.shades_classic,
      );
    }
  }

  /** `language`: the target the event's run dubs into, when several run at once. */
  handle(event: PipelineEvent, language?: string): void {
    if (event.type === 'warning')
      return this.log(language ? `warning (${language}): ${event.message}` : `warning: ${event.message}`);
    if (event.type === 'segment-ready') return;
    const listening = isListeningStage(event.stage);
    const label = stageLabel(event.stage) + (language && !listening ? ` (${language})` : '');
    // A listening stage runs once for all languages: its bar follows the run that ran it (the
    // others say they took it from that run; a run that starts it again after a failure takes over).
    if (language && listening) {
      if (event.type === 'stage-started' || !this.listenedBy.has(event.stage))
        this.listenedBy.set(event.stage, language);
      if (this.listenedBy.get(event.stage) !== language) return;
    }
    switch (event.type) {
      case 'stage-started':
        this.bar(label);
        if (!this.multibar) this.stream.write(`${label}...\n`);
        break;
      case 'progress':
        this.bar(label).update(Math.round((event.done / Math.max(event.total, 1)) * 100));
        break;
      case 'stage-finished':
        this.bar(label).update(100, { note: `${event.seconds.toFixed(1)} s` });
        break;
      case 'stage-skipped':
        this.bar(label).update(100, { note: `skipped: ${event.reason}` });
        break;
    }
  }

  stop(): void {
    this.multibar?.stop();
  }

  private log(line: string): void {
    if (this.multibar) this.multibar.log(`${line}\n`);
    else this.stream.write(`${line}\n`);
  }

  private bar(label: string): cliProgress.SingleBar {
    let bar = this.bars.get(label);
    if (!bar) {
      bar = this.multibar?.create(100, 0, { stage: label.padEnd(26), note: '' }) ?? silentBar();
      this.bars.set(label, bar);
    }
    return bar;
  }
}

/** Stands in for a bar when output is not a terminal. */
function silentBar(): cliProgress.SingleBar {
  return { update: () => undefined } as unknown as cliProgress.SingleBar;
}
