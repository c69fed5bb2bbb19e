/**
 * `toNodeHandler(bridge)`: serves a bridge from Node's `http` (or Express, which passes the same objects),
 * for hosts without a Fetch server. It only converts: `IncomingMessage` → `Request`, `Response` →
 * `ServerResponse`, streaming both bodies. Typed structurally, so the entry needs no Node types.
 */

/** The part of Node's `IncomingMessage` the adapter reads. */
export interface NodeRequestLike {
  readonly method?: string | undefined;
  readonly url?: string | undefined;
  readonly rawHeaders: readonly string[];
  /** A TLS socket has `encrypted: true`; others have no such member (so `object`, to take Node's `Socket`). */
  readonly socket: object;
  on(event: 'data', listener: (chunk: Uint8Array) => void): unknown;
  on(event: 'end' | 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  pause(): unknown;
  resume(): unknown;
  destroy(): unknown;
}

/** The part of Node's `ServerResponse` the adapter writes. */
export interface NodeResponseLike {
  writeHead(status: number, headers: Record<string, string | string[]>): unknown;
  /** `false` when the socket's buffer is full: wait for `drain`. */
  write(chunk: Uint8Array): boolean;
  end(): unknown;
  once(event: 'drain' | 'close', listener: () => void): unknown;
  off(event: 'drain' | 'close', listener: () => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  readonly writableEnded: boolean;
}

/** Options of `toNodeHandler`. */
export interface NodeHandlerOptions {
  /**
   * The base of each `Request`'s URL (`https://app.example`). Default: `http(s)://` + the `Host` header.
   * The bridge never trusts it: which pages may use it is its own `allowedOrigins`.
   */
  origin?: string;
}

function toRequest(incoming: NodeRequestLike, origin: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let index = 0; index + 1 < incoming.rawHeaders.length; index += 2) {
    const name = incoming.rawHeaders[index] ?? '';
    // HTTP/2 pseudo-headers (`:authority`) are not headers a `Request` may carry.
    if (!name.startsWith(':')) headers.append(name, incoming.rawHeaders[index + 1] ?? '');
  }
  const method = incoming.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const body = hasBody
    ? new ReadableStream<Uint8Array>({
        start(controller) {
          incoming.on('data', (chunk) => {
            controller.enqueue(new Uint8Array(chunk));
            // Backpressure: Node stops reading the socket until the bridge asks for more.
            if ((controller.desiredSize ?? 1) <= 0) incoming.pause();
          });
          incoming.on('end', () => controller.close());
          incoming.on('error', (error) => controller.error(error));
        },
        pull() {
          incoming.resume();
        },
        cancel() {
          incoming.destroy();
        },
      })
    : null;
  // `duplex: 'half'` is what the Fetch standard asks of a streamed request body (Node requires it).
  const init: RequestInit & { duplex?: 'half' } = { method, headers, body, signal, ...(hasBody && { duplex: 'half' }) };
  return new Request(new URL(incoming.url ?? '/', origin), init);
}

/** Turns a bridge (anything with `handle(Request)`) into a `(request, response)` listener for `http.createServer`. */
export function toNodeHandler(
  bridge: { handle(request: Request): Promise<Response> },
  options: NodeHandlerOptions = {},
): (request: NodeRequestLike, response: NodeResponseLike) => void {
  return (incoming, outgoing) => {
    const aborted = new AbortController();
    // The browser went away (a closed tab, a dropped stream): the bridge ends that stream.
    outgoing.on('close', () => aborted.abort());
    const host = incoming.rawHeaders.find((_, index, all) => index % 2 === 0 && /^host$/i.test(all[index] ?? ''));
    const hostValue = host === undefined ? undefined : incoming.rawHeaders[incoming.rawHeaders.indexOf(host) + 1];
    const origin =
      options.origin ??
      `${'encrypted' in incoming.socket && incoming.socket.encrypted === true ? 'https' : 'http'}://${hostValue ?? 'localhost'}`;
    void (async () => {
      let response: Response;
      try {
        response = await bridge.handle(toRequest(incoming, origin, aborted.signal));
      } catch {
        response = new Response(null, { status: 400 });
      }
      const headers: Record<string, string | string[]> = {};
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie') headers[name] = value;
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) headers['set-cookie'] = cookies;
      outgoing.writeHead(response.status, headers);
      if (response.body === null) {
        outgoing.end();
        return;
      }
      const reader = response.body.getReader();
      aborted.signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done || aborted.signal.aborted) break;
          if (!outgoing.write(value)) {
            // Whichever comes first takes the other listener off: a long stream waits for `drain` many times, and
            // must not leave a `close` listener behind each time.
            await new Promise<void>((resolve) => {
              const done = () => {
                outgoing.off('drain', done);
                outgoing.off('close', done);
                resolve();
              };
              outgoing.once('drain', done);
              outgoing.once('close', done);
            });
          }
        }
      } catch {
        // The stream ended with an error: close the response as it is.
      }
      if (!outgoing.writableEnded) outgoing.end();
    })();
  };
}
