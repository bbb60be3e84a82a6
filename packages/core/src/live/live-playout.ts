/** A dubbed live line ready to be played. */
export interface ReadyLine {
  id: number;
  /** When its dubbed audio was ready, seconds of the incoming stream. */
  readyAt: number;
  /** Its dubbed audio's length at normal speed. */
  seconds: number;
}

/** Where a line plays, on the incoming stream's clock, and how fast. */
export interface PlayedLine {
  id: number;
  start: number;
  end: number;
  /** 1 = as spoken; up to the tempo cap when the dub has fallen behind. */
  tempo: number;
}

/**
 * Lays live lines one after another, in order and never overlapping. A line ready while the one
 * before still plays waits for it, and is sped up (within the tempo cap) by as much as it waited,
 * so the dub catches up with the speaker; beyond the cap the lag is allowed to grow, and the next
 * pause (no line ready) takes it back. No line is ever dropped or cut.
 */
export class LivePlayout {
  private busyUntil = 0;
  private lastId = -1;

  constructor(private readonly tempoCap: number) {
    if (!(tempoCap >= 1)) throw new RangeError(`The tempo cap must be at least 1, got ${tempoCap}.`);
  }

  /** Where the line plays; lines must come in the order they were spoken. */
  place(line: ReadyLine): PlayedLine {
    if (line.id <= this.lastId) throw new RangeError(`Line ${line.id} came after line ${this.lastId}.`);
    this.lastId = line.id;
    const start = Math.max(line.readyAt, this.busyUntil);
    const waited = start - line.readyAt;
    // Catch up the wait within this line: play it in its length less the wait, no faster than the cap.
    const tempo =
      waited > 0 && line.seconds > 0
        ? Math.min(this.tempoCap, line.seconds / Math.max(line.seconds - waited, 1e-9))
        : 1;
    const end = start + line.seconds / tempo;
    this.busyUntil = end;
    return { id: line.id, start, end, tempo };
  }
}
