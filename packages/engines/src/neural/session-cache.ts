/**
 * Model sessions loaded on first use and kept for later segments and requests, one per key
 * (a language, a pair, or a single model). A load that fails is not kept, so the next call
 * tries again; closing disposes every session that loaded.
 */
export class SessionCache<K, V> {
  private readonly sessions = new Map<K, Promise<V>>();

  constructor(private readonly dispose: (session: V) => unknown = () => undefined) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    let session = this.sessions.get(key);
    if (!session) {
      const loading = load();
      loading.catch(() => {
        if (this.sessions.get(key) === loading) this.sessions.delete(key);
      });
      this.sessions.set(key, loading);
      session = loading;
    }
    return session;
  }

  async close(): Promise<void> {
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    for (const session of await Promise.allSettled(sessions)) {
      if (session.status === 'fulfilled') await this.dispose(session.value);
    }
  }
}
