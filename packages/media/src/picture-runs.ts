/** One of the source's video packets, in decode order. */
export interface StreamPacket {
  /** Presentation time, in the stream's time base. */
  pts: number;
  /** The packet is an IDR picture. */
  idr: boolean;
}

/** A stretch of the picture, frames `first` to `end` (not included), copied or re-encoded as a whole. */
export interface PictureRun {
  first: number;
  end: number;
  encode: boolean;
  /** How many of the source's groups of pictures it spans. */
  groups: number;
}

/**
 * The display-order frames where the source can be cut and a copy resumed: IDR pictures before
 * which, in decode order, come exactly the frames shown before them. A keyframe with leading
 * pictures after it (an open group, whose B-frames refer back across it) is not one.
 */
export function cleanCuts(packets: readonly StreamPacket[]): number[] {
  const displayRank = ranksByPts(packets);
  const cuts: number[] = [];
  let latestPts = Number.NEGATIVE_INFINITY;
  packets.forEach((packet, decodeIndex) => {
    if (decodeIndex > 0 && packet.idr && displayRank[decodeIndex] === decodeIndex && latestPts < packet.pts) {
      cuts.push(decodeIndex);
    }
    latestPts = Math.max(latestPts, packet.pts);
  });
  return cuts;
}

function ranksByPts(packets: readonly StreamPacket[]): number[] {
  const order = packets.map((_, i) => i).sort((a, b) => packets[a]!.pts - packets[b]!.pts);
  const rank = new Array<number>(packets.length);
  order.forEach((decodeIndex, displayIndex) => (rank[decodeIndex] = displayIndex));
  return rank;
}

/**
 * The picture split at the clean cuts into groups, each re-encoded when it holds a changed frame
 * (or is the last and `encodeLast`: a held last frame is new picture), neighbours with the same
 * fate joined into one run. `changed` is ascending.
 */
export function pictureRuns(
  cuts: readonly number[],
  frames: number,
  changed: readonly number[],
  encodeLast = false,
): PictureRun[] {
  const bounds = [0, ...cuts.filter((cut) => cut > 0 && cut < frames), frames];
  const runs: PictureRun[] = [];
  let next = 0;
  for (let g = 0; g + 1 < bounds.length; g++) {
    const first = bounds[g]!;
    const end = bounds[g + 1]!;
    while (next < changed.length && changed[next]! < first) next++;
    const encode = (next < changed.length && changed[next]! < end) || (encodeLast && end === frames);
    const last = runs.at(-1);
    if (last?.encode === encode) {
      last.end = end;
      last.groups++;
    } else runs.push({ first, end, encode, groups: 1 });
  }
  return runs;
}
