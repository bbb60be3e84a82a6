import { HttpError } from '../http/http-error.js';

export const NO_KEY =
  'This Voxlate service asks for an API key: send it as "Authorization: Bearer <key>" or "X-API-Key: <key>", ' +
  'or sign in to the studio. Whoever runs the service makes keys with: npm run keys -- add NAME';
export const BAD_KEY =
  'This API key is not valid here: it is unknown or has been revoked. Ask whoever runs the service for a key ' +
  '(npm run keys -- add NAME).';

/** A 401 that tells the client what to send (`WWW-Authenticate`, RFC 6750). */
export function unauthorised(message: string): HttpError {
  return new HttpError(401, message, { 'WWW-Authenticate': 'Bearer realm="Voxlate"' });
}
