/** Query parameters that may hold a secret: their values never reach a log or an answer. */
const SECRET_PARAMETERS = new Set(['key', 'api_key', 'apikey', 'token', 'access_token', 'session', 'password']);

/**
 * The URL with the values of secret-bearing query parameters replaced: a key sent in the URL is
 * refused (keys are read from headers only), but the URL is logged with every request, and
 * the logs are read by more people than the keys are meant for.
 */
export function redactedUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const query = url
    .slice(question + 1)
    .replace(/([^&=]+)=([^&]*)/g, (pair, name: string) =>
      SECRET_PARAMETERS.has(decodedName(name).toLowerCase()) ? `${name}=[redacted]` : pair,
    );
  return `${url.slice(0, question)}?${query}`;
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}
