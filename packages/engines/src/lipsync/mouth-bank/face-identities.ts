/** Two descriptors of one person lie closer than this (face-api's published threshold is 0.6). */
const SAME_PERSON = 0.55;
/**
 * A face followed by the tracker is described again at each of its next detections, up to this
 * many times: one descriptor of a small face (90 px in a 720p webcam picture) can lie 0.56
 * from another of the same man, a few views averaged lie far closer.
 */
export const VIEWS_PER_TRACK = 3;

interface Person {
  sum: Float32Array;
  views: number;
  /** The first frame they were seen in. */
  first: number;
}

/**
 * Tells the people on screen apart by face descriptors: each new track of a face is matched to
 * the nearest person seen before, or becomes a new one, and more views of a followed face refine
 * that person's mean. Mouths are banked per person, so one person's mouth is never put on
 * another's face. A track is matched on its first view, and cores look at their stretches of the
 * video at once, so one person can be split in two (a noisy first view, or two stretches
 * starting together): `resolved` merges people whose mean faces match once every view is in.
 */
export class FaceIdentities {
  private readonly people: Person[] = [];

  /** The person (0, 1, ...) this first view of a track belongs to. */
  assign(descriptor: Float32Array, frame: number): number {
    const nearest = nearestOf(this.people, descriptor);
    if (nearest && nearest.distance < SAME_PERSON) {
      this.addView(nearest.index, descriptor, frame);
      return nearest.index;
    }
    this.people.push({ sum: Float32Array.from(descriptor), views: 1, first: frame });
    return this.people.length - 1;
  }

  /** Another view of a person already assigned. */
  addView(person: number, descriptor: Float32Array, frame: number): void {
    const held = this.people[person];
    if (!held) throw new RangeError(`No person ${person} was assigned.`);
    for (let i = 0; i < held.sum.length; i++) held.sum[i]! += descriptor[i]!;
    held.views++;
    held.first = Math.min(held.first, frame);
  }

  /**
   * Every person assigned, mapped to who they finally are: in order of first appearance, each
   * joins the nearest person kept before when their mean faces lie within the threshold, and
   * the people kept are numbered 0, 1, ... in that order (whichever core saw whom first).
   */
  resolved(): Map<number, number> {
    const order = this.people.map((_, index) => index).sort((a, b) => this.people[a]!.first - this.people[b]!.first);
    const kept: Person[] = [];
    const mapping = new Map<number, number>();
    for (const index of order) {
      const person = this.people[index]!;
      const nearest = nearestOf(kept, meanOf(person));
      if (nearest && nearest.distance < SAME_PERSON) {
        const into = kept[nearest.index]!;
        for (let i = 0; i < into.sum.length; i++) into.sum[i]! += person.sum[i]!;
        into.views += person.views;
        mapping.set(index, nearest.index);
      } else {
        kept.push({ sum: Float32Array.from(person.sum), views: person.views, first: person.first });
        mapping.set(index, kept.length - 1);
      }
    }
    return mapping;
  }

  get count(): number {
    return this.people.length;
  }
}

function nearestOf(
  people: readonly Person[],
  descriptor: Float32Array,
): { index: number; distance: number } | undefined {
  let nearest: { index: number; distance: number } | undefined;
  people.forEach((person, index) => {
    const distance = euclidean(meanOf(person), descriptor);
    if (!nearest || distance < nearest.distance) nearest = { index, distance };
  });
  return nearest;
}

function meanOf(person: Person): Float32Array {
  return person.sum.map((value) => value / person.views);
}

function euclidean(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
}
