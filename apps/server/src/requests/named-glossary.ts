import { DUB_ASK_FIELDS } from '@voxlate/contract';
import { BadInput, NotFound } from '@voxlate/core';
import type { DiskGlossaries, StoredGlossary } from '@voxlate/workspace';

/** The glossary a request names by id, as it is now; an unknown id is the request's mistake (400). */
export async function namedGlossary(glossaries: DiskGlossaries, id: string): Promise<StoredGlossary> {
  try {
    return await glossaries.get(id);
  } catch (error) {
    if (error instanceof NotFound) {
      throw new BadInput(
        `Unknown ${DUB_ASK_FIELDS.glossaryId.field} "${id}": GET /api/glossaries lists the glossaries.`,
      );
    }
    throw error;
  }
}
