/**
 * `npm run demo -- --bridge` as a person starts it (`node demo/run.mjs`), on free ports of 127.0.0.1: it
 * prints the page's address, the page comes with a session cookie, the bridge streams that visitor's view
 * and refuses anyone without the cookie, and SIGTERM stops everything. The whole flow in Chromium is
 * `bridge-ai-sdk.test.ts`; this checks the command itself.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { afterAll, describe, expect, test } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
let child: ChildProcessWithoutNullStreams | undefined;

afterAll(() => {
  // Only if a step failed before the test's own SIGTERM.
  if (child?.exitCode === null) child.kill('SIGKILL');
});

/** Resolves with the first stdout line matching `pattern`; rejects when the process ends first. */
function lineOf(process_: ChildProcessWithoutNullStreams, pattern: RegExp): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let text = '';
    const read = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const match = pattern.exec(text);
      if (match === null) return;
      process_.stdout.off('data', read);
      resolve(match);
    };
    process_.stdout.on('data', read);
    process_.once('exit', (code) => reject(new Error(`the demo exited (${code}) before printing ${pattern}: ${text}`)));
  });
}

/** The first SSE event of a stream: its data, parsed. The stream is then closed. */
async function firstEvent(response: Response): Promise<unknown> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended without an event: ${text}`);
    text += value;
    const data = /^data: (.*)$/m.exec(text);
    if (data !== null) {
      await reader.cancel();
      return JSON.parse(data[1]!);
    }
  }
}

describe('given npm run demo -- --bridge on free loopback ports', () => {
  test('it serves the page with a session, the bridge streams that session only, and SIGTERM stops it', async () => {
    child = spawn(process.execPath, ['demo/run.mjs', '--bridge', '--port', '0', '--server-port', '0'], {
      cwd: repoRoot,
    });
    const [, pageUrl = ''] = await lineOf(child, /^demo host page: +(http:\/\/127\.0\.0\.1:\d+\/)$/m);

    const page = await fetch(pageUrl);
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const html = await page.text();
    // As the page's remote queue asks: same-origin (no Origin), with the bridge's header.
    const stream = await fetch(`${pageUrl}elicit`, { headers: { cookie, 'x-mcp-elicit': '1' } });
    const view = await firstEvent(stream);
    const outsider = await fetch(`${pageUrl}elicit`);

    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');

    expect({
      page: [page.status, cookie.replace(/[0-9a-f]{32}$/, '<token>'), html.includes('<div id="root"></div>')],
      stream: [stream.status, stream.headers.get('content-type'), view],
      outsider: outsider.status,
      exitCode: await exited,
    }).toStrictEqual({
      page: [200, 'session=<token>', true],
      stream: [200, 'text/event-stream; charset=utf-8', { reset: true, entries: [], notices: [], drafts: {} }],
      outsider: 401,
      exitCode: 0,
    });
  });
});
