/**
 * A stand-in for the app's own sign-in, so the examples run: a `session` cookie naming a user. Where the
 * examples call `userOf`, a real app reads the session it already trusts (its auth library, a signed cookie).
 */
import { randomBytes } from 'node:crypto';

/**
 * The app's public origins, from its configuration (`APP_ORIGIN=https://app.example`): the bridge serves
 * pages of these only. The demo and the tests add the loopback address they listen on.
 */
export const appOrigins: string[] = process.env.APP_ORIGIN?.split(',') ?? [];

// In memory for the examples and the demo; an app keeps sessions in its own store.
const usersByToken = new Map<string, string>();

/** Starts a session of `user` and returns its token, the value of the `session` cookie. */
export function signIn(user: string): string {
  const token = randomBytes(16).toString('hex');
  usersByToken.set(token, user);
  return token;
}

/** The user signed in on `request`, or `null` (the bridge then answers 401). */
export function userOf(request: Request): string | null {
  const cookie = request.headers.get('cookie') ?? '';
  const token = /(?:^|;\s*)session=([0-9a-f]{32})(?:;|$)/.exec(cookie)?.[1];
  return token === undefined ? null : (usersByToken.get(token) ?? null);
}
