import { randomBytes } from 'node:crypto';
import { BadInput, quoteInput } from '@voxlate/core';

/** A job id: the creation time (base 36, so ids sort by age) and 48 random bits. */
const JOB_ID = /^[0-9a-z]{8,10}-[0-9a-f]{12}$/;

export function newJobId(now: Date = new Date()): string {
  return `${now.getTime().toString(36).padStart(9, '0')}-${randomBytes(6).toString('hex')}`;
}

/**
 * The id, checked: an id becomes a folder name, so anything but the id's own shape (a path,
 * "..") is refused before it can reach the file system.
 */
export function checkedJobId(id: string): string {
  if (!JOB_ID.test(id)) throw new BadInput(`${quoteInput(id)} is not a job id.`);
  return id;
}

export function isJobId(id: string): boolean {
  return JOB_ID.test(id);
}
