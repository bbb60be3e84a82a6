/** An error whose HTTP status is decided where it is raised (415, 429, 503...). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
    /** Fields the error answer carries besides `error` (the contract's ErrorAnswer names them). */
    readonly fields: { revision?: number } = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
