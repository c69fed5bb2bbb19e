/**
 * Who asks, as the person SEES it, in real Chromium. Server names, ids and hosts are read back in
 * painted order: every character's box on screen, left to right (`paintedText`), not the DOM string,
 * because a right-to-left override changes only where characters are drawn. Invisible and
 * direction-changing characters in a name or id are written out as `<U+202E>` and warned about;
 * name, id, messages and hosts are bidi isolates, so nothing a server sends can reorder the kit's
 * own words ("Request from", "(ID: …)", "Cancel all from …").
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { ReactNode } from 'react';
import { beforeAll, describe, expect, onTestFinished, test, vi } from 'vitest';

import {
  ElicitationForm,
  ElicitationHost,
  loadElicitationViews,
  UrlElicitation,
  type ElicitationServer,
  type ElicitResult,
} from '../../src/index.js';
import { createElicitationQueue } from '../../src/core/index.js';

// The URL view loads on first use: loaded ahead, it draws in its first render.
beforeAll(loadElicitationViews);

/** Mounts `ui`, unmounted when the test ends. */
function mount(ui: ReactNode): HTMLElement {
  const container = document.createElement('div');
  container.style.width = '900px';
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(ui));
  onTestFinished(() => {
    root.unmount();
    container.remove();
  });
  return container;
}

/**
 * The text of `element` in the order it is painted: each character with a box on screen, sorted by
 * line, then left to right (zero-width characters such as U+2068 draw nothing and are left out).
 */
function paintedText(element: Element): string {
  const boxes: { line: number; x: number; char: string }[] = [];
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node.textContent ?? '';
    let index = 0;
    for (const char of text) {
      const range = document.createRange();
      range.setStart(node, index);
      range.setEnd(node, index + char.length);
      index += char.length;
      const rect = range.getBoundingClientRect();
      if (rect.width > 0) boxes.push({ line: Math.round(rect.top + rect.height / 2), x: rect.left, char });
    }
  }
  boxes.sort((a, b) => (Math.abs(a.line - b.line) > 4 ? a.line - b.line : a.x - b.x));
  // A line wrapped at a space ends in a space that is not drawn: put it back (not after a hyphen).
  return boxes
    .map((box, index) => {
      const before = boxes[index - 1];
      const wrapped = before !== undefined && Math.abs(box.line - before.line) > 4 && before.char !== '-';
      return wrapped ? ` ${box.char}` : box.char;
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

const form = {
  message: 'Sign in to continue',
  requestedSchema: { type: 'object', properties: { ok: { type: 'boolean', title: 'OK?' } } },
} as const;

/** A host showing one form request from `server`; returns its container and the request's answer. */
function hostWith(server: ElicitationServer, message: string = form.message) {
  const queue = createElicitationQueue();
  const answer = queue.enqueue({ ...form, message }, { server });
  const container = mount(<ElicitationHost queue={queue} />);
  return { container, queue, answer };
}

function header(container: HTMLElement): Element {
  const element = container.querySelector('.mek-server');
  if (element === null) throw new Error('no header');
  return element;
}

function button(container: HTMLElement, prefix: string): HTMLButtonElement {
  const found = [...container.querySelectorAll('button')].find((element) =>
    (element.textContent ?? '').startsWith(prefix),
  );
  if (found === undefined) throw new Error(`no button ${prefix}`);
  return found;
}

function warning(container: HTMLElement): string | undefined {
  return container.querySelector('.mek-server-warning')?.textContent ?? undefined;
}

describe('given a right-to-left override in the server name (finding 4)', () => {
  const server = { name: 'GitHub \u202E(buhtig :DI)', id: 'evil-server' };

  test('the header reads the name as sent, the override written out, and the real id after it', () => {
    const { container } = hostWith(server);
    expect(paintedText(header(container))).toBe('Request from GitHub <U+202E>(buhtig :DI) (ID: evil-server)');
    expect(warning(container)).toBe(
      "The server's name contains invisible or direction-changing characters, written out as <U+202E>. The name may try to look like another.",
    );
  });

  test('"Cancel all from …" reads the same, and still cancels', async () => {
    const { container, answer } = hostWith(server);
    const cancelAll = button(container, 'Cancel all from');
    expect(paintedText(cancelAll)).toBe('Cancel all from GitHub <U+202E>(buhtig :DI)');
    cancelAll.click();
    await expect(answer).resolves.toEqual({ action: 'cancel' });
  });

  test('the accessible name of the prompt says the same', () => {
    const { container } = hostWith(server);
    const group = container.querySelector('[role="group"]');
    const labelledBy = document.getElementById(group?.getAttribute('aria-labelledby') ?? '');
    expect(labelledBy?.textContent).toBe('Request from GitHub <U+202E>(buhtig :DI) (ID: evil-server)');
  });
});

describe('given other direction-changing and invisible characters in a name or id', () => {
  test.each([
    ['RLE U+202B', { name: 'Acme \u202Bemca', id: 'acme' }, 'Request from Acme <U+202B>emca (ID: acme)', ['U+202B']],
    ['LRO U+202D', { name: '\u202Dlive', id: 'x' }, 'Request from <U+202D>live (ID: x)', ['U+202D']],
    ['RLI U+2067 left open', { name: 'a\u2067b', id: 'c' }, 'Request from a<U+2067>b (ID: c)', ['U+2067']],
    [
      'RLM U+200F and ALM U+061C',
      { name: 'x\u200Fy\u061Cz' },
      'Request from x<U+200F>y<U+061C>z',
      ['U+200F', 'U+061C'],
    ],
    ['a zero-width space', { name: 'Git\u200BHub' }, 'Request from Git<U+200B>Hub', ['U+200B']],
    [
      'a BOM and a word joiner',
      { name: '\uFEFFGit\u2060Hub' },
      'Request from <U+FEFF>Git<U+2060>Hub',
      ['U+FEFF', 'U+2060'],
    ],
    [
      'an override in the id',
      { name: 'GitHub', id: 'ok\u202E)revres' },
      'Request from GitHub (ID: ok<U+202E>)revres)',
      ['U+202E'],
    ],
    ['a tag character (invisible ASCII)', { name: 'GitHub\u{E0041}' }, 'Request from GitHub<U+E0041>', ['U+E0041']],
    ['a line break', { name: 'GitHub\nVerified' }, 'Request from GitHub<U+000A>Verified', ['U+000A']],
  ])('%s: read as sent, and warned', (_name, server, painted, codes) => {
    const { container } = hostWith(server);
    expect(paintedText(header(container))).toBe(painted);
    expect(warning(container)).toBe(
      `The server's name contains invisible or direction-changing characters, written out as ${codes.map((code) => `<${code}>`).join(', ')}. The name may try to look like another.`,
    );
  });

  test('an emoji with a variation selector is a plain name: no escape, no warning', () => {
    const { container } = hostWith({ name: 'GitHub ❤️' });
    expect(paintedText(header(container))).toBe('Request from GitHub ❤️');
    expect(warning(container)).toBeUndefined();
  });

  test('a right-to-left name stays between "Request from" and its id (isolated, not reordered)', () => {
    const { container } = hostWith({ name: 'שרת 2', id: '45' });
    // Hebrew is painted right to left inside its isolate: "2 תרש"; the kit's words keep their places.
    expect(paintedText(header(container))).toBe('Request from 2 תרש (ID: 45)');
    expect(warning(container)).toBeUndefined();
  });

  test('an override in the message stays in the message paragraph; the header is untouched', () => {
    const { container } = hostWith({ name: 'GitHub', id: 'gh' }, 'Approve \u202Eyadot');
    expect(paintedText(header(container))).toBe('Request from GitHub (ID: gh)');
    const message = container.querySelector('.mek-message');
    expect(message?.getAttribute('dir')).toBe('auto');
    expect(paintedText(message as Element)).toBe('Approve today');
  });

  test('a "stopped waiting" notice reads the name as sent', () => {
    const queue = createElicitationQueue();
    const controller = new AbortController();
    void queue.enqueue(form, { server: { name: 'GitHub \u202E(buhtig :DI)' }, signal: controller.signal });
    const container = mount(<ElicitationHost queue={queue} />);
    flushSync(() => controller.abort());
    const notice = container.querySelector('.mek-notice-text');
    expect(paintedText(notice as Element)).toBe('GitHub <U+202E>(buhtig :DI) stopped waiting');
  });

  test('the form view shows the same header (ElicitationForm)', () => {
    const onRespond = vi.fn<(result: ElicitResult) => void>();
    const container = mount(
      <ElicitationForm request={form} server={{ name: 'GitHub \u202E(buhtig :DI)', id: 'x' }} onRespond={onRespond} />,
    );
    expect(paintedText(header(container))).toBe('Request from GitHub <U+202E>(buhtig :DI) (ID: x)');
  });
});

describe('given two connections that report the same name', () => {
  test('"Cancel all from GitHub" cancels only the requests of the connection shown', async () => {
    const queue = createElicitationQueue();
    const first = queue.enqueue(form, { server: { name: 'GitHub' }, serverKey: 'connection-a' });
    const second = queue.enqueue(form, { server: { name: 'GitHub' }, serverKey: 'connection-b' });
    const container = mount(<ElicitationHost queue={queue} />);
    button(container, 'Cancel all from').click();
    await expect(first).resolves.toEqual({ action: 'cancel' });
    await expect.poll(() => queue.getSnapshot().entries.map((entry) => entry.serverKey)).toEqual(['connection-b']);
    // The host's own cancelAll (no person pressed anything) says so.
    queue.cancelAll();
    await expect(second).resolves.toEqual({ action: 'cancel', _meta: { 'mcp-elicit-kit/reason': 'host-closed' } });
  });
});

describe('given a look-alike host in a URL request (finding 8, as shown)', () => {
  function site(url: string): { painted: string; warnings: string[] } {
    const container = mount(
      <UrlElicitation
        request={{ mode: 'url', message: 'Sign in', url }}
        server={{ name: 'GitHub' }}
        onRespond={vi.fn()}
      />,
    );
    const term = [...container.querySelectorAll('dt')].find((element) => element.textContent === 'Site');
    return {
      painted: paintedText(term?.nextElementSibling as Element),
      warnings: [...container.querySelectorAll('.mek-url-warnings li')].map((item) => paintedText(item)),
    };
  }

  test('https://xn--80ak6aa92e.com: punycode first and highlighted, the Cyrillic form second, a specific warning', () => {
    expect(site('https://xn--80ak6aa92e.com')).toEqual({
      painted: 'xn--80ak6aa92e.com (decoded: аррӏе.com)',
      warnings: [
        'The site name uses international characters (аррӏе.com, sent as xn--80ak6aa92e.com). It may imitate a name you know.',
        'Every letter of аррӏе.com belongs to another alphabet but looks like a Latin letter: the name imitates one written in Latin letters. It is shown encoded, as the browser sends it.',
      ],
    });
  });

  test('a Hebrew look-alike host is painted in its own isolate: ".com" stays at the end of the sentence', () => {
    expect(site('https://סוס.com').warnings[1]).toBe(
      'Every letter of סוס.com belongs to another alphabet but looks like a Latin letter: the name imitates one written in Latin letters. It is shown encoded, as the browser sends it.',
    );
  });

  test('a zero-width joiner in a host is written out in the decoded form', () => {
    expect(site('https://xn--11b2ezcw70k.com').painted).toBe('xn--11b2ezcw70k.com (decoded: क्<U+200D>ष.com)');
  });
});

describe('given two connections that report the same name, both in view', () => {
  /** Both in view: the URL view loads on demand, so it is waited for. */
  async function twoGitHubs() {
    const queue = createElicitationQueue();
    const url = { mode: 'url', message: 'Authorise', url: 'https://github.example/device', elicitationId: 'e1' };
    const first = queue.enqueue(url, { server: { name: 'GitHub' }, serverKey: 'connection-a' });
    const entry = queue.getSnapshot().entries[0];
    queue.respond(entry?.id ?? '', { action: 'accept' });
    const second = queue.enqueue(form, { server: { name: 'GitHub' }, serverKey: 'connection-b' });
    const container = mount(<ElicitationHost queue={queue} />);
    await expect.poll(() => container.querySelectorAll('.mek-server').length).toBe(2);
    return { queue, container, first, second };
  }

  test('each is named with its connection number, in the header and on "Cancel all from"', async () => {
    const { container } = await twoGitHubs();
    expect([...container.querySelectorAll('.mek-server')].map(paintedText)).toEqual([
      'Request from GitHub (connection 1)',
      'Request from GitHub (connection 2)',
    ]);
    expect(paintedText(button(container, 'Cancel all from'))).toBe('Cancel all from GitHub (connection 2)');
  });

  test('once only one of them is left in view, it is plain "GitHub" again', async () => {
    const { queue, container, second } = await twoGitHubs();
    flushSync(() => queue.cancelAll('connection-a'));
    expect([...container.querySelectorAll('.mek-server')].map(paintedText)).toEqual(['Request from GitHub']);
    button(container, 'Cancel all from GitHub').click();
    await expect(second).resolves.toEqual({ action: 'cancel' });
  });

  test('different ids tell them apart already: no numbers', () => {
    const queue = createElicitationQueue();
    void queue.enqueue(form, { server: { name: 'GitHub', id: 'work' }, serverKey: 'a' });
    void queue.enqueue(form, { server: { name: 'GitHub', id: 'home' }, serverKey: 'b' });
    const container = mount(<ElicitationHost queue={queue} />);
    expect(paintedText(header(container))).toBe('Request from GitHub (ID: work)');
    queue.cancelAll();
  });
});
