const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** dictd's index numbers are base64 digits, most significant first. */
export function decodeDictdNumber(text: string): number {
  let value = 0;
  for (const char of text) value = value * 64 + BASE64.indexOf(char);
  return value;
}
