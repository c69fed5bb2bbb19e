/**
 * One claim per entry in Redis, so that an answer routed to another instance is either applied and
 * reported `answered`, or refused and never applied later. The sender claims the entry for its answer
 * and routes it in one script; the holder turns `claimed` into `done` and only then applies the answer, with
 * nothing awaited between; a sender that stops waiting turns `claimed` into `refused`. Both are
 * compare-and-set scripts on one key, so exactly one of them wins, and the key alone says which: the
 * holder's record is made before the answer leaves it, so no stall of the holder (a GC pause, SIGSTOP) can
 * put an applied answer behind a `claimed` the sender would withdraw. Each state is sealed with the answer
 * (HMAC), so no process without the secret can write a state that matches an answer.
 */
import type { BridgeCommand } from '../wire.js';
import { canonicalJson } from '../wire.js';
import type { Signer } from './signing.js';

/** How long a claim is kept (1 hour): past every wait of a routed answer, so its outcome stays known. */
export const CLAIM_TTL_MS = 3_600_000;

/** The values the claim key holds for one answer. */
export interface ClaimStates {
  /** Sent, not yet committed by the holder. */
  readonly claimed: string;
  /** Committed by the holder, which applies it next (`answered`). */
  readonly done: string;
  /**
   * Withdrawn by a sender that stopped waiting: never applied. Another answer may claim the entry. Computed
   * only when a sender withdraws, off the path of an answer that goes through.
   */
  refused(): Promise<string>;
}

/** Whether `command` answers an entry (the commands a claim fences). */
export function isAnswer(command: BridgeCommand): boolean {
  return command.type === 'respond' || command.type === 'respondRound';
}

/** The claim states of `command`'s answer at `key`: the same answer (a retry) gives the same states. */
export async function claimStates(signer: Signer, key: string, command: BridgeCommand): Promise<ClaimStates> {
  const answer = canonicalJson({
    type: command.type,
    answer: command.type === 'respond' ? command.result : command.type === 'respondRound' ? command.results : null,
  });
  // One MAC, cut in two 128-bit tags (RFC 2104, section 5: at least half the hash's length): each half of a
  // pseudorandom output tells nothing of the other, so whoever sees `claimed` still cannot write `done`.
  const tag = await signer.mac(`claim\n${key}`, answer);
  const claimed = `claimed.${tag.slice(0, TAG_DIGITS)}`;
  const done = `done.${tag.slice(TAG_DIGITS)}`;
  // No closure over the answer: `refused`, kept while a sender waits, holds only the short claimed state (a
  // tombstone bound to this answer through it), never the answer itself.
  let refused: Promise<string> | undefined;
  return { claimed, done, refused: () => (refused ??= refusedState(signer, key, claimed)) };
}

/** The withdrawn state of the answer claimed as `claimed` at `key`: what the sender and the holder both write. */
export function refusedState(signer: Signer, key: string, claimed: string): Promise<string> {
  return stateOf(signer, key, 'refused', claimed);
}

/** `name.MAC`: a state of the claim at `key`, bound to `text`. */
async function stateOf(signer: Signer, key: string, name: string, text: string): Promise<string> {
  return `${name}.${await signer.mac(`claim\n${key}\n${name}`, text)}`;
}

/** Hex digits of a claimed or done state's tag: half of an HMAC-SHA256. */
const TAG_DIGITS = 32;

/** A state as `claimStates` writes it: its name, a dot and its tag in hex. */
const STATE = (name: string) => new RegExp(`^${name}\\.[0-9a-f]{${TAG_DIGITS}}$`);
const CARRIED = [STATE('claimed'), STATE('done')];

/**
 * The states a routed answer carries (claimed, done), as its sender computed them with the secret: the
 * message is sealed, so the holder needs not compute them again before it commits. `undefined` when they
 * are missing or malformed (the holder then computes them).
 */
export function carriedStates(value: unknown): Omit<ClaimStates, 'refused'> | undefined {
  if (!Array.isArray(value) || value.length !== CARRIED.length) return undefined;
  if (!value.every((item: unknown, at) => typeof item === 'string' && CARRIED[at]?.test(item) === true)) {
    return undefined;
  }
  const [claimed, done] = value as string[];
  return { claimed: claimed ?? '', done: done ?? '' };
}

/**
 * Claims an empty or withdrawn entry for ARGV[1] (expiring in ARGV[2] ms) and, while this answer holds the
 * claim, publishes the routed message ARGV[4] on channel ARGV[3], in one round trip: the message never goes
 * out without its claim, and the sender waits for Redis once, not twice. Returns what the key then holds and
 * how many listeners the message reached (-1: not sent).
 */
export const CLAIM_PUBLISH = `local v = redis.call('GET', KEYS[1])
if not v or string.sub(v, 1, 8) == 'refused.' then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  v = ARGV[1]
end
if v == ARGV[1] then return {v, redis.call('PUBLISH', ARGV[3], ARGV[4])} end
return {v, -1}`;

/** Marks a routed command's id as seen (KEYS[1], for ARGV[1] ms): -1 when it was seen already (a replay), else 1. */
export const SEEN = `if not redis.call('SET', KEYS[1], '', 'NX', 'PX', ARGV[1]) then return -1 end
return 1`;

/**
 * The holder's commit of a routed answer, made before it applies the answer: marks its message id as seen
 * (KEYS[1], for ARGV[1] ms) and turns its claim (KEYS[2]) from claimed (ARGV[2]) into done (ARGV[3]).
 * Returns -1 when the id was seen already (a replay: nothing changes), 1 when the answer may be applied now
 * (committed, or done by this very answer already), 0 when its claim does not hold (withdrawn by its sender,
 * or another answer's).
 */
export const SEEN_COMMIT = `if not redis.call('SET', KEYS[1], '', 'NX', 'PX', ARGV[1]) then return -1 end
local v = redis.call('GET', KEYS[2])
if v == ARGV[2] then
  redis.call('SET', KEYS[2], ARGV[3], 'KEEPTTL')
  return 1
end
if v == ARGV[3] then return 1 end
return 0`;

/**
 * After a routed answer that was not committed (the executor found it would not apply, or runs without a
 * fence): marks its id as seen (KEYS[1], ARGV[1] ms; -1 for a replay) and, while this answer still holds
 * its claim (KEYS[2] = ARGV[2]), frees the entry for another answer, or records it done (ARGV[3]) when an
 * executor without a fence applied it.
 */
export const SEEN_SETTLE = `if not redis.call('SET', KEYS[1], '', 'NX', 'PX', ARGV[1]) then return -1 end
if redis.call('GET', KEYS[2]) == ARGV[2] then
  if ARGV[3] == '' then redis.call('DEL', KEYS[2]) else redis.call('SET', KEYS[2], ARGV[3], 'KEEPTTL') end
end
return 1`;

/**
 * Turns the claim from ARGV[1] into ARGV[2] (kept for its time to live) if it holds ARGV[1]; returns what the key
 * then holds. The sender that stops waiting withdraws a claim not yet committed (claimed → refused); the holder
 * takes back a commit it could not apply (done → refused).
 */
export const GIVE_UP = `local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
  return ARGV[2]
end
return v`;
