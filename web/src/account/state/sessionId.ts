export const SESSION_COOKIE_NAME = 'zephrSessionId';

/**
 * The login and register responses carry the cookie they set as text
 * ("zephrSessionId=<id>; Expires=...; Path=/;"); the id is the value of the
 * pattern name=value; (spec section 5).
 */
export function extractSessionId(cookie: unknown, name = SESSION_COOKIE_NAME): string | null {
  if (typeof cookie !== 'string') return null;
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`(?:^|[;\\s])${escaped}=([^;]*);`).exec(cookie);
  const value = match?.[1]?.trim();
  return value ? value : null;
}
