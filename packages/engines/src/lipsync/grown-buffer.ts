/**
 * A typed array handed out again on every call, grown when a call needs more. The render works
 * frame by frame, and a new buffer per frame (half a megabyte for a 720p face's mask) fed the
 * garbage collector. What it hands out is valid until its next call: each use keeps its own.
 */
export function grownBuffer<T extends Float32Array | Uint8Array>(make: (length: number) => T): (length: number) => T {
  let buffer = make(0);
  return (length) => {
    if (buffer.length < length) buffer = make(length);
    return buffer.subarray(0, length) as T;
  };
}
