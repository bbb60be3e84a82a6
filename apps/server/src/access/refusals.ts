import { HttpError } from '../http/http-error.js';
import type { KeyCheck, KeyScope } from '@voxlate/workspace';

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

export const SESSION_ENDED =
  'Your sign-in has ended (signed out, unused for too long, too old, or its key was revoked or expired). Sign in again.';

/** The words for a key that expired: when, and how its holder gets another. */
export function expiredKey(expiredAt: string): string {
  return (
    `This API key expired on ${expiredAt.slice(0, 16).replace('T', ' ')} UTC. Ask whoever runs the service for a ` +
    'new one (npm run keys -- add NAME --expires 90d).'
  );
}

/** A 403 for a key that opens the workspace but may not do this: it names the scope that was missing. */
export function outOfScope(held: KeyScope, needed: KeyScope): HttpError {
  const may = { read: 'only read (list, play, download)', dub: 'read and dub', admin: 'do everything' }[held];
  return new HttpError(
    403,
    `This key has the scope ${held}: it may ${may}. This needs the scope ${needed}. ` +
      `Whoever runs the service makes such a key with: npm run keys -- add NAME --scope ${needed}`,
  );
}

/** Why a presented key opens nothing, in the words its holder reads (expired: when). */
export function keyRefusal(checked: Extract<KeyCheck, { valid: false }>): string {
  return checked.why === 'expired' ? expiredKey(checked.expiredAt) : BAD_KEY;
}
