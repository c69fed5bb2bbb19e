/**
 * Hostile URL-mode requests, in Node: `inspectUrl` refuses every scheme but https/http with the exact
 * reason and message, flags what a person could be fooled by, and never throws; the queue turns an
 * unreadable request into an "invalid" entry that still only needs Decline or Cancel.
 */
import { describe, expect, test } from 'vitest';

import { createElicitationQueue, inspectUrl, type ElicitResult } from '../../src/core/index.js';

describe('given a URL with a scheme that must never be opened', () => {
  test.each([
    ['javascript:alert(1)', 'javascript'],
    ['JaVaScRiPt:alert(document.cookie)', 'javascript'],
    ['  javascript:alert(1)', 'javascript'],
    ['java\tscript:alert(1)', 'javascript'],
    ['java\nscript:alert(1)', 'javascript'],
    ['javascript://example.com/%0Aalert(1)', 'javascript'],
    ['data:text/html,<script>window.__pwned=1</script>', 'data'],
    ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', 'data'],
    ['data:image/svg+xml,<svg onload=alert(1)>', 'data'],
    ['vbscript:msgbox(1)', 'vbscript'],
    ['file:///etc/passwd', 'file'],
    ['blob:https://example.com/0b2f', 'blob'],
    ['ftp://example.com/file', 'ftp'],
    ['about:blank', 'about'],
    ['chrome://settings', 'chrome'],
    ['intent://scan/#Intent;scheme=zxing;end', 'intent'],
    ['view-source:https://example.com', 'view-source'],
    ['ws://example.com/socket', 'ws'],
  ])('%j is refused as scheme %s', (url, scheme) => {
    expect(inspectUrl(url)).toEqual({
      ok: false,
      reason: 'scheme',
      scheme,
      message: `Links with the scheme "${scheme}:" are not opened; only https and http links are.`,
    });
  });

  test.each([
    ['', 'The text is not a complete URL.'],
    ['/relative/path', 'The text is not a complete URL.'],
    ['//example.com/no-scheme', 'The text is not a complete URL.'],
    ['https://', 'The text is not a complete URL.'],
    ['http://[::1', 'The text is not a complete URL.'],
  ])('%j is unparseable', (url, message) => {
    expect(inspectUrl(url)).toEqual({ ok: false, reason: 'unparseable', message });
  });

  test.each([[42], [null], [undefined], [{ href: 'https://example.com' }]])(
    'a url of %j (not text) is refused, not thrown',
    (url) => {
      expect(inspectUrl(url as unknown as string)).toEqual({
        ok: false,
        reason: 'unparseable',
        message: 'The URL is not text.',
      });
    },
  );

  test('a 1 MB URL is refused before it is parsed', () => {
    const url = `https://example.com/${'a'.repeat(1024 * 1024)}`;
    expect(inspectUrl(url)).toEqual({
      ok: false,
      reason: 'too-long',
      message: `The URL is ${url.length} characters long; the kit opens URLs of at most 65536.`,
    });
  });
});

describe('given a URL that may fool a person', () => {
  test.each([
    ['https://bank.example@evil.example/login', 'evil.example', ['credentials']],
    ['https://user:pass@example.com/', 'example.com', ['credentials']],
    ['https://xn--pypal-4ve.com/', 'xn--pypal-4ve.com', ['punycode', 'mixed-script']],
    ['https://xn--80ak6aa92e.com/', 'xn--80ak6aa92e.com', ['punycode', 'whole-script-confusable']],
    ['https://0x7f.1/', '127.0.0.1', ['ip-host']],
    ['https://2130706433/', '127.0.0.1', ['ip-host']],
    ['https://[::1]/', '[::1]', ['ip-host']],
    ['http://example.com/', 'example.com', ['plain-http']],
    ['https://exa\tmple.com/', 'example.com', ['whitespace']],
  ])('%j opens host %s with warnings %j', (url, host, warnings) => {
    const inspected = inspectUrl(url);
    expect(inspected.ok && [inspected.host, inspected.warnings]).toEqual([host, warnings]);
  });

  test('a right-to-left override in the path stays in the href, percent-encoded', () => {
    const inspected = inspectUrl('https://example.com/\u202Egnp.exe');
    expect(inspected.ok && inspected.href).toBe('https://example.com/%E2%80%AEgnp.exe');
  });

  test('a zero-width space in the host is dropped by the parser: the host shown is the one opened', () => {
    const inspected = inspectUrl('https://exa\u200Bmple.com/');
    expect(inspected.ok && [inspected.host, inspected.displayHost]).toEqual(['example.com', 'example.com']);
  });

  test('HTML in the path is percent-encoded in the href', () => {
    const inspected = inspectUrl('https://example.com/"><img src=x onerror=alert(1)>');
    expect(inspected.ok && inspected.href).toBe('https://example.com/%22%3E%3Cimg%20src=x%20onerror=alert(1)%3E');
  });
});

describe('given a hostile URL request in the queue', () => {
  const origin = { server: { name: '<b>evil</b>' } };

  test.each([
    [{ mode: 'url', message: 'Open', url: 42 }, 'url-invalid', 'The URL request has no url text.'],
    [{ mode: 'url', url: 'https://example.com' }, 'message-invalid', 'The request has no message text.'],
    [
      { mode: 'url', message: 'Open', url: 'https://example.com', elicitationId: 7 },
      'elicitation-id-invalid',
      'The elicitationId is not text.',
    ],
    [
      { mode: 'javascript:alert(1)', message: 'x' },
      'unknown-mode',
      'The mode "javascript:alert(1)" is not "form" or "url".',
    ],
    ['javascript:alert(1)', 'not-object', 'The request is not an object.'],
  ])('%j is an invalid entry that is answered by decline', async (request, code, message) => {
    const queue = createElicitationQueue();
    const answer: Promise<ElicitResult> = queue.enqueue(request, origin);
    const [entry] = queue.getSnapshot().entries;
    expect(entry?.kind === 'single' && entry.prompt.mode === 'invalid' && entry.prompt.problem).toEqual({
      code,
      message,
    });
    expect(queue.respond(entry?.id ?? '', { action: 'decline' })).toBe('answered');
    await expect(answer).resolves.toEqual({ action: 'decline' });
  });

  test('a javascript: URL request is queued as URL mode (the view refuses it) and cancel settles it', async () => {
    const queue = createElicitationQueue();
    const answer = queue.enqueue(
      { mode: 'url', message: 'Open', url: 'javascript:alert(1)', elicitationId: 'e1' },
      origin,
    );
    const [entry] = queue.getSnapshot().entries;
    expect(entry?.kind === 'single' && entry.prompt.mode).toBe('url');
    expect(queue.respond(entry?.id ?? '', { action: 'cancel' })).toBe('answered');
    await expect(answer).resolves.toEqual({ action: 'cancel' });
  });

  test('a request whose getters throw is "unreadable"', async () => {
    const queue = createElicitationQueue();
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('boom');
        },
        getOwnPropertyDescriptor: () => {
          throw new Error('boom');
        },
      },
    );
    const answer = queue.enqueue(hostile, origin);
    const [entry] = queue.getSnapshot().entries;
    expect(entry?.kind === 'single' && entry.prompt.mode === 'invalid' && entry.prompt.problem.code).toBe('unreadable');
    queue.cancelAll();
    await expect(answer).resolves.toEqual({ action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'host-closed' } });
  });
});
