/**
 * A `File` as an RFC 2397 `data:` URI (SEP-2356, "Wire encoding"), read a slice at a time: each slice's
 * bytes arrive in their own task and are turned into base64 with the platform's `btoa`, so a 10 MB file
 * never holds the main thread for long in one go.
 */

/** Bytes read per step: a multiple of 3, so each slice's base64 joins the next without padding. */
export const ENCODE_CHUNK_BYTES = 3 * 128 * 1024;
/** Bytes handed to `String.fromCharCode` per call, well under engines' argument limits. */
const CHARS_PER_CALL = 0x8000;

function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += CHARS_PER_CALL)
    binary += String.fromCharCode(...bytes.subarray(at, at + CHARS_PER_CALL));
  return btoa(binary);
}

/**
 * The `data:<type>;base64,…` URI of `file`; `type` is the file's MIME type (SEP-2356: `application/octet-stream`
 * when the platform reports none). Rejects with the reading error, or an `AbortError` once `signal` fires.
 */
export async function encodeDataUri(file: Blob, type: string, signal?: AbortSignal): Promise<string> {
  const parts: string[] = [`data:${type};base64,`];
  for (let start = 0; start < file.size; start += ENCODE_CHUNK_BYTES) {
    signal?.throwIfAborted();
    const bytes = new Uint8Array(await file.slice(start, start + ENCODE_CHUNK_BYTES).arrayBuffer());
    parts.push(base64Of(bytes));
  }
  signal?.throwIfAborted();
  return parts.join('');
}
