/** Two descriptors of one person lie closer than this (face-api's published threshold is 0.6). */
const SAME_PERSON = 0.55;

/**
 * Tells the people on screen apart by face descriptors: each new track of a face is matched to
 * the nearest person seen before, or becomes a new one. Mouths are banked per person, so one
 * person's mouth is never put on another's face.
 */
export class FaceIdentities {
  private readonly people: { mean: Float32Array; count: number }[] = [];

  /** The person (0, 1, ...) this descriptor belongs to. */
  assign(descriptor: Float32Array): number {
    let best = -1;
    let bestDistance = Infinity;
    this.people.forEach((person, index) => {
      const d = euclidean(person.mean, descriptor);
      if (d < bestDistance) [best, bestDistance] = [index, d];
    });
    if (best >= 0 && bestDistance < SAME_PERSON) {
      const person = this.people[best]!;
      person.count++;
      for (let i = 0; i < person.mean.length; i++) person.mean[i]! += (descriptor[i]! - person.mean[i]!) / person.count;
      return best;
    }
    this.people.push({ mean: Float32Array.from(descriptor), count: 1 });
    return this.people.length - 1;
  }

  get count(): number {
    return this.people.length;
  }
}

function euclidean(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
}
