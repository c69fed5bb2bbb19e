/**
 * Reads a Server-Sent Events body from a `fetch` response, as the HTML standard's EventSource parses it
 * (fields `event`, `id`, `data`, `retry`; comments ignored), so the remote queue can send headers EventSource cannot.
 */

/** One dispatched event. */
export interface SseEvent {
  /** The `event` field, `message` when there was none. */
  readonly type: string;
  /** The event's id, when it had one (`Last-Event-ID` of the next connection). */
  readonly id: string | undefined;
  readonly data: string;
}

/** Calls `onEvent` per event and `onRetry` per `retry` field until the body ends. */
export async function readSse(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: SseEvent) => void,
  onRetry: (ms: number) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let data: string[] = [];
  let id: string | undefined;
  let type = '';
  const line = (text: string): void => {
    if (text === '') {
      if (data.length > 0) onEvent({ type: type === '' ? 'message' : type, id, data: data.join('\n') });
      data = [];
      id = undefined;
      type = '';
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') type = value;
    else if (field === 'id' && !value.includes('\u0000')) id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) onRetry(Number(value));
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    // Lines end in CRLF, LF or CR; a CR at the very end may be the first half of a CRLF.
    const parts = buffer.split(/\r\n|\n|\r(?!$)/);
    buffer = parts.pop() ?? '';
    parts.forEach(line);
  }
}
