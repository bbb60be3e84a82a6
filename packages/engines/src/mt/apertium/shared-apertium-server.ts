import type { ApertiumServer } from './apertium-server.js';
import { answersAt, listPairs } from './list-pairs.js';
import type { ApertiumPair } from './routes.js';

/** What the translator asks of an Apertium server, whoever runs it. */
export type ApertiumEndpoint = Pick<ApertiumServer, 'using' | 'pairs' | 'stop' | 'restart'>;

/** A listing of pairs is instant on a live server: a shared one that takes longer is not used. */
const PROBE_TIMEOUT_MS = 2_000;

/**
 * An apertium-apy that another process runs (VOXLATE_APERTIUM_URL), used instead of starting one
 * here: several services, workers and CLI runs on one machine then load each pair's pipeline
 * once between them. It is never this process's to stop. While it cannot be used (it does not
 * answer when first asked, it refuses or drops a connection, or it stopped answering in time and
 * the translator asked for a restart), this process's own server (`own`) takes over, for good:
 * a translation never fails because the shared server went away.
 */
export class SharedApertiumServer implements ApertiumEndpoint {
  /** Whether the shared server is used: undefined until it has been asked, false once given up. */
  private usingShared: boolean | undefined;
  private probe: Promise<void> | undefined;

  constructor(
    private readonly url: string,
    private readonly own: ApertiumServer,
  ) {}

  async using<T>(request: (baseUrl: string) => Promise<T>): Promise<T> {
    if (!(await this.sharedAnswers())) return this.own.using(request);
    try {
      return await request(this.url);
    } catch (error) {
      if (!isConnectionLost(error)) throw error;
      this.usingShared = false;
      return this.own.using(request);
    }
  }

  async pairs(): Promise<ApertiumPair[]> {
    return this.using((url) => listPairs(url, PROBE_TIMEOUT_MS));
  }

  /** Stops this process's own server, if it ever started one; the shared one is left running. */
  stop(): Promise<void> {
    return this.own.stop();
  }

  /**
   * A shared server that stopped answering in time is not waited for again: the own one is used
   * from the next request on (decided here and now, so that the translator's retry already goes
   * there). The own server, once in use, is restarted as ever.
   */
  restart(): void {
    if (this.usingShared === false) this.own.restart();
    else this.usingShared = false;
  }

  /** Asked once, when first needed; a give-up decided meanwhile stands. */
  private async sharedAnswers(): Promise<boolean> {
    this.probe ??= answersAt(this.url, PROBE_TIMEOUT_MS).then((answers) => void (this.usingShared ??= answers));
    await this.probe;
    return this.usingShared === true;
  }
}

/** A refused, reset or closed connection (the server is gone), as opposed to an answer or a timeout. */
function isConnectionLost(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'].includes(cause?.code ?? '');
}
