/**
 * Why a line wants a creator's look before publishing (`unsure-words`, `untranslated`,
 * `tempo-cap`, `overflow`, `gist`): the Timeline keeps review flags in the shape the answers
 * carry them, declared once in the contract.
 */
export type { ReviewFlag, ReviewReason, ReviewWord } from '@voxlate/contract';
