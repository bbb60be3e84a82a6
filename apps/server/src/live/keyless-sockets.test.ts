import { describe, expect, it } from 'vitest';
import { KeylessSockets } from './keyless-sockets.js';

describe('live sockets waiting for their key', () => {
  it('are held up to the share of each address, and a released place is free again', () => {
    const keyless = new KeylessSockets(2);
    const first = keyless.hold('10.0.0.1');
    const second = keyless.hold('10.0.0.1');
    expect(first && second).toBeDefined();
    expect(keyless.hold('10.0.0.1')).toBeUndefined();
    expect(keyless.hold('10.0.0.2')).toBeDefined();
    first!();
    first!();
    expect(keyless.countOf('10.0.0.1')).toBe(1);
    expect(keyless.hold('10.0.0.1')).toBeDefined();
    expect(keyless.hold('10.0.0.1')).toBeUndefined();
  });
});
