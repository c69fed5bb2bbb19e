/**
 * What the bridge tests share: real `Request`s to a bridge, and an SSE reader over a real `Response` body
 * that hands out one event at a time (the stream stays open between reads).
 */
import type { ElicitationEntry, ElicitationNotice, ElicitationSnapshot } from '../../src/core/index.js';
import type { ElicitationBridge, RemoteElicitationQueue } from '../../src/bridge/index.js';
import { createViewDecoder } from '../../src/bridge/wire.js';

export const ORIGIN = 'https://app.test';
export const ENDPOINT = `${ORIGIN}/elicit`;

/** `Authorization: Bearer <principal>` names the principal; anything else is nobody. */
export function authorize(request: Request): string | null {
  const header = request.headers.get('authorization') ?? '';
  return header.startsWith('Bearer ') ? header.slice(7) : null;
}

/** A well-formed command POST from `principal`, with `headers` overriding the defaults. */
export function command(principal: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(ENDPOINT, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${principal}`,
      origin: ORIGIN,
      'content-type': 'application/json',
      'x-mcp-elicit': '1',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A response as data: status, body text and headers (what a client could tell apart). */
export async function seen(response: Response): Promise<{ status: number; body: string; headers: string[][] }> {
  return { status: response.status, body: await response.text(), headers: [...response.headers.entries()] };
}

/** One SSE event as the test reads it. */
export interface ViewEvent {
  id: string;
  entries: ElicitationEntry[];
  notices: ElicitationNotice[];
  drafts: Record<string, Record<string, unknown>>;
}

/** An open event stream of `principal`; `next()` resolves with the next event. */
export interface OpenStream {
  next(): Promise<ViewEvent>;
  close(): void;
}

export async function openStream(
  bridge: ElicitationBridge,
  principal: string,
  lastEventId?: string,
): Promise<OpenStream> {
  const aborted = new AbortController();
  const response = await bridge.handle(
    new Request(ENDPOINT, {
      headers: {
        authorization: `Bearer ${principal}`,
        'x-mcp-elicit': '1',
        ...(lastEventId !== undefined && { 'last-event-id': lastEventId }),
      },
      signal: aborted.signal,
    }),
  );
  return eventsOf(response, aborted);
}

/**
 * The events of an SSE response, each as the whole view it adds up to (events carry changes: the remote
 * queue's decoder applies them); `next()` skips heartbeats and the `retry` hint.
 */
export function eventsOf(response: Response, aborted: AbortController): OpenStream {
  if (response.status !== 200 || response.body === null) throw new Error(`stream refused: ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const views = createViewDecoder();
  let buffer = '';
  return {
    async next() {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const lines = block.split('\n');
          const id = lines.find((line) => line.startsWith('id: '))?.slice(4);
          const data = lines.find((line) => line.startsWith('data: '))?.slice(6);
          // Comments (heartbeats) and the `retry` hint are not events.
          if (id !== undefined && data !== undefined) {
            const decoded = views.apply(JSON.parse(data));
            if (decoded === undefined) throw new Error('an event that does not apply to the view so far');
            return { id, ...(decoded.view as unknown as Omit<ViewEvent, 'id'>) };
          }
          continue;
        }
        const { done, value } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    },
    close() {
      aborted.abort();
      void reader.cancel().catch(() => undefined);
    },
  };
}

/** A form request with one text field `answer`. */
export function formRequest(message: string) {
  return {
    mode: 'form' as const,
    message,
    requestedSchema: { type: 'object' as const, properties: { answer: { type: 'string' as const } } },
  };
}

/** The next event of `stream` in which `ready` holds. */
export async function nextEvent(stream: OpenStream, ready: (event: ViewEvent) => boolean): Promise<ViewEvent> {
  let event = await stream.next();
  while (!ready(event)) event = await stream.next();
  return event;
}

/** Resolves once the remote queue's snapshot satisfies `ready` (now or after a change). */
export function untilSnapshot(
  queue: RemoteElicitationQueue,
  ready: (snapshot: ElicitationSnapshot) => boolean,
): Promise<void> {
  return new Promise((resolve) => {
    if (ready(queue.getSnapshot())) return resolve();
    const stop = queue.subscribe(() => {
      if (!ready(queue.getSnapshot())) return;
      stop();
      resolve();
    });
  });
}
