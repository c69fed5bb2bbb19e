/**
 * One claim per entry in Redis, so that an answer routed to another instance is either applied and
 * reported `answered`, or refused and never applied later. The sender claims the entry for its answer
 * and routes it in one script; the holder applies an answer only after turning its claim into `taken`; a sender
 * that stops waiting turns `claimed` into `refused`. Both are compare-and-set scripts on one key, so
 * exactly one of them wins. Each state is sealed with the answer (HMAC), so no process without the secret
 * can write a state that matches an answer.
 */
import type { BridgeCommand } from '../wire.js';
import { canonicalJson } from '../wire.js';
import type { Signer } from './signing.js';

/** How long a claim is kept (1 hour): past every wait of a routed answer, so its outcome stays known. */
export const CLAIM_TTL_MS = 3_600_000;

/** The values the claim key holds for one answer. */
export interface ClaimStates {
  /** Sent, not yet taken by the holder. */
  readonly claimed: string;
  /** The holder is applying it. */
  readonly taken: string;
  /** Applied (`answered`). */
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
  // One after the other, with no closure over the answer: `refused`, kept while a sender waits, holds
  // only the short claimed state (a tombstone bound to this answer through it), never the answer itself.
  const claimed = await stateOf(signer, key, 'claimed', answer);
  const taken = await stateOf(signer, key, 'taken', answer);
  const done = await stateOf(signer, key, 'done', answer);
  let refused: Promise<string> | undefined;
  return { claimed, taken, done, refused: () => (refused ??= stateOf(signer, key, 'refused', claimed)) };
}

/** `name.MAC`: a state of the claim at `key`, bound to `text`. */
async function stateOf(signer: Signer, key: string, name: string, text: string): Promise<string> {
  return `${name}.${await signer.mac(`claim\n${key}\n${name}`, text)}`;
}

/** A state as `claimStates` writes it: its name, a dot and a MAC in hex. */
const STATE = (name: string) => new RegExp(`^${name}\\.[0-9a-f]{64}$`);
const CARRIED = [STATE('claimed'), STATE('taken'), STATE('done')];

/**
 * The states a routed answer carries (claimed, taken, done), as its sender computed them with the secret:
 * the message is sealed, so the holder needs not compute them again before it takes the claim. `undefined`
 * when they are missing or malformed (the holder then computes them).
 */
export function carriedStates(value: unknown): Omit<ClaimStates, 'refused'> | undefined {
  if (!Array.isArray(value) || value.length !== 3) return undefined;
  if (!value.every((item: unknown, at) => typeof item === 'string' && CARRIED[at]?.test(item) === true)) {
    return undefined;
  }
  const [claimed, taken, done] = value as string[];
  return { claimed: claimed ?? '', taken: taken ?? '', done: done ?? '' };
}

/**
 * Claims an empty or withdrawn entry for ARGV[1] (expiring in ARGV[2] ms) and, while this answer holds the
 * claim (claimed, or taken: ARGV[3]), publishes the routed message ARGV[5] on channel ARGV[4], in one round
 * trip: the message never goes out without its claim, and the sender waits for Redis once, not twice.
 * Returns what the key then holds and how many listeners the message reached (-1: not sent).
 */
export const CLAIM_PUBLISH = `local v = redis.call('GET', KEYS[1])
if not v or string.sub(v, 1, 8) == 'refused.' then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  v = ARGV[1]
end
if v == ARGV[1] or v == ARGV[3] then return {v, redis.call('PUBLISH', ARGV[4], ARGV[5])} end
return {v, -1}`;

/**
 * The holder's first step for a routed command, in one round trip: marks its message id as seen (KEYS[1],
 * for ARGV[1] ms) and, for an answer, takes its claim (KEYS[2]; ARGV[2..4]: claimed, taken, done; the
 * claim goes from claimed to taken, or was taken or done by this answer already). Returns -1 when the id was seen already (a replay: nothing changes), else 1 if the command may
 * run (always for a command that is not an answer), 0 if its claim does not hold.
 */
export const SEEN_TAKE = `if not redis.call('SET', KEYS[1], '', 'NX', 'PX', ARGV[1]) then return -1 end
if #KEYS < 2 then return 1 end
local v = redis.call('GET', KEYS[2])
if v == ARGV[2] then
  redis.call('SET', KEYS[2], ARGV[3], 'KEEPTTL')
  return 1
end
if v == ARGV[3] or v == ARGV[4] then return 1 end
return 0`;

/** After applying (ARGV: taken, done or '' when it was not applied, which frees the entry for another answer). */
export const SETTLE = `if redis.call('GET', KEYS[1]) == ARGV[1] then
  if ARGV[2] == '' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL') end
end
return 1`;

/** The sender stops waiting (ARGV: claimed, refused): withdraws a claim not yet taken; returns what the key holds. */
export const GIVE_UP = `local v = redis.call('GET', KEYS[1])
if v == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL')
  return ARGV[2]
end
return v`;
