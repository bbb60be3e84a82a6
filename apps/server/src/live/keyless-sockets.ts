/**
 * Live sockets that came without a key and wait for it as their first message, counted per
 * address: each holds a connection for up to the key wait, so without a count one address could
 * hold every connection the machine has by opening sockets and saying nothing.
 */
export class KeylessSockets {
  private readonly waiting = new Map<string, number>();

  constructor(readonly maxPerAddress: number) {}

  /** A place for one more waiting socket from the address, or undefined when it has its share; call the release once. */
  hold(address: string): (() => void) | undefined {
    const count = this.waiting.get(address) ?? 0;
    if (count >= this.maxPerAddress) return undefined;
    this.waiting.set(address, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.waiting.get(address) ?? 1) - 1;
      if (left > 0) this.waiting.set(address, left);
      else this.waiting.delete(address);
    };
  }

  /** Sockets waiting from the address now. */
  countOf(address: string): number {
    return this.waiting.get(address) ?? 0;
  }
}
