import { describe, expect, it, vi } from 'vitest';
import { whenAborted } from './when-aborted.js';

describe('whenAborted', () => {
  it('calls the listener once when the signal aborts, and not after it was removed', () => {
    const controller = new AbortController();
    const listener = vi.fn();
    whenAborted(controller.signal, listener);
    controller.abort();
    controller.abort();
    expect(listener).toHaveBeenCalledTimes(1);

    const other = new AbortController();
    const removed = vi.fn();
    whenAborted(other.signal, removed)();
    other.abort();
    expect(removed).not.toHaveBeenCalled();
  });

  it('calls the listener at once for a signal that aborted before it was given (an event listener never would be)', () => {
    const listener = vi.fn();
    const stop = whenAborted(AbortSignal.abort(), listener);
    expect(listener).toHaveBeenCalledTimes(1);
    stop();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('does nothing without a signal', () => {
    const listener = vi.fn();
    whenAborted(undefined, listener)();
    expect(listener).not.toHaveBeenCalled();
  });
});
