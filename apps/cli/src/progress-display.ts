import cliProgress from 'cli-progress';
import { stageLabel, type PipelineEvent, type StageName } from '@voxlate/core';

/** One progress bar per stage on a TTY; plain lines otherwise (CI logs, pipes). */
export class ProgressDisplay {
  private readonly multibar: cliProgress.MultiBar | undefined;
  private readonly bars = new Map<StageName, cliProgress.SingleBar>();

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

  handle(event: PipelineEvent): void {
    switch (event.type) {
      case 'stage-started':
        this.bar(event.stage);
        if (!this.multibar) this.stream.write(`${stageLabel(event.stage)}...\n`);
        break;
      case 'progress':
        this.bar(event.stage).update(Math.round((event.done / Math.max(event.total, 1)) * 100));
        break;
      case 'stage-finished':
        this.bar(event.stage).update(100, { note: `${event.seconds.toFixed(1)} s` });
        break;
      case 'stage-skipped':
        this.bar(event.stage).update(100, { note: `skipped: ${event.reason}` });
        break;
      case 'warning':
        this.log(`warning: ${event.message}`);
        break;
      case 'segment-ready':
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

  private bar(stage: StageName): cliProgress.SingleBar {
    let bar = this.bars.get(stage);
    if (!bar) {
      bar = this.multibar?.create(100, 0, { stage: stageLabel(stage).padEnd(20), note: '' }) ?? silentBar();
      this.bars.set(stage, bar);
    }
    return bar;
  }
}

/** Stands in for a bar when output is not a terminal. */
function silentBar(): cliProgress.SingleBar {
  return { update: () => undefined } as unknown as cliProgress.SingleBar;
}
