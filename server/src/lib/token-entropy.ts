/** Below this many distinct characters a token is a pattern ("aaaa…", "abab…"), whatever its length. */
const MIN_DISTINCT = 8;

/**
 * A cautious estimate of the bits of randomness of a token, for secrets chosen by an operator:
 * length × log2(pool), where the pool is the sum of the character classes used (digits 10,
 * lowercase 26, uppercase 26, anything else 33), or 16 for hexadecimal; fewer than 8 distinct
 * characters count as 0. A random 32-character hex token scores 128, a base64url one of 43
 * characters 256.
 */
export function tokenEntropyBits(token: string): number {
  if (new Set(token).size < MIN_DISTINCT) return 0;
  const classes = [
    [/[0-9]/, 10],
    [/[a-z]/, 26],
    [/[A-Z]/, 26],
    [/[^0-9a-zA-Z]/, 33],
  ] as const;
  const classPool = classes.reduce((sum, [re, size]) => (re.test(token) ? sum + size : sum), 0);
  const hex = /^[0-9a-f]+$/.test(token) || /^[0-9A-F]+$/.test(token);
  const pool = hex ? Math.min(16, classPool) : classPool;
  return token.length * Math.log2(pool);
}
