/**
 * Hostile requests rendered in real Chromium. For each: nothing is injected into the page (a
 * MutationObserver on the whole document records every element added that could run script or load
 * something, and the container is searched for such elements), `window.__pwned` stays undefined
 * after the page had a chance to run an `onerror`/`onload`, and the person can still Decline and
 * Cancel, each giving exactly `{ action: 'decline' }` / `{ action: 'cancel' }`.
 */
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import {
  ElicitationForm,
  ElicitationHost,
  ElicitationPrompt,
  loadElicitationViews,
  UrlElicitation,
  type ElicitRequestFormParams,
  type ElicitRequestParams,
  type ElicitRequestURLParams,
  type ElicitResult,
} from '../../src/index.js';
import { createElicitationQueue } from '../../src/core/index.js';
import { ToolCallForm, ToolResultView } from '../../src/react/tools/index.js';
import { type Tool } from '../../src/tools/index.js';

// The URL view loads on first use: loaded ahead, it draws in its first render.
beforeAll(loadElicitationViews);

declare global {
  interface Window {
    /** Set by a payload if it ever runs. */
    __pwned?: unknown;
  }
}

/** Elements that run script, load a resource or navigate. The kit draws none of them except as noted. */
const ACTIVE =
  'script,img,iframe,frame,svg,math,object,embed,style,link,meta,base,video,audio,source,a,area,form[action],input[type=image]';
const ACTIVE_TAGS = new Set([
  'SCRIPT',
  'IMG',
  'IFRAME',
  'FRAME',
  'SVG',
  'MATH',
  'OBJECT',
  'EMBED',
  'STYLE',
  'LINK',
  'META',
  'BASE',
  'VIDEO',
  'AUDIO',
  'SOURCE',
  'A',
  'AREA',
]);

/** One payload per injection technique; each would set `window.__pwned` if it ever became markup. */
const PAYLOADS = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '<svg onload="window.__pwned=1"></svg>',
  '<iframe src="javascript:parent.__pwned=1"></iframe>',
  '<a href="javascript:window.__pwned=1">click</a>',
  '[click](javascript:window.__pwned=1) ![x](x" onerror="window.__pwned=1)',
  '"><img src=x onerror=window.__pwned=1>',
  '{{constructor.constructor("window.__pwned=1")()}}',
];
const ALL = PAYLOADS.join(' ');

let added: string[] = [];
let observer: MutationObserver | undefined;

beforeEach(() => {
  window.__pwned = undefined;
  added = [];
  observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof Element)) continue;
        for (const element of [node, ...node.querySelectorAll('*')]) {
          if (ACTIVE_TAGS.has(element.tagName.toUpperCase())) added.push(element.tagName.toLowerCase());
        }
      }
    }
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
});

afterEach(() => observer?.disconnect());

/** Mounts `ui` for this test; returns the container and an unmount. */
function mount(ui: ReactNode): { container: HTMLElement; unmount: () => void } {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  flushSync(() => root.render(ui));
  return {
    container,
    unmount: () => {
      root.unmount();
      container.remove();
    },
  };
}

/**
 * Lets the page run any `onerror`/`onload` an injected element would fire, then two frames. A canary image of
 * the very URL the payloads use (`x`), added after them, errors after any of theirs would have: when its
 * `error` event has run, so has every earlier one.
 */
async function settle(): Promise<void> {
  await new Promise((resolve) => {
    const canary = document.createElement('img');
    canary.addEventListener('error', resolve, { once: true });
    canary.addEventListener('load', resolve, { once: true });
    canary.src = 'x';
  });
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}

/** The active elements in `container`, by tag, and every one the observer saw added anywhere. */
async function injected(container: HTMLElement): Promise<{ inContainer: string[]; added: string[]; pwned: unknown }> {
  await settle();
  return {
    inContainer: [...container.querySelectorAll(ACTIVE)].map((element) => element.tagName.toLowerCase()),
    added: [...added],
    pwned: window.__pwned,
  };
}

const CLEAN = { inContainer: [], added: [], pwned: undefined };

/** Renders a prompt twice: Decline on the first, Cancel on the second; both answers exact. */
async function declineAndCancel(render: (onRespond: (result: ElicitResult) => void) => ReactNode): Promise<void> {
  for (const [name, action] of [
    ['Decline', 'decline'],
    ['Cancel', 'cancel'],
  ] as const) {
    const onRespond = vi.fn<(result: ElicitResult) => void>();
    const { container, unmount } = mount(render(onRespond));
    expect(await injected(container)).toEqual(CLEAN);
    const button = [...container.querySelectorAll('button')].find((element) => element.textContent === name);
    expect(button?.textContent).toBe(name);
    button?.click();
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    expect(onRespond.mock.calls).toStrictEqual([[{ action }]]);
    unmount();
  }
}

function form(requestedSchema: unknown, message = ALL): ElicitRequestFormParams {
  return { message, requestedSchema: requestedSchema as ElicitRequestFormParams['requestedSchema'] };
}

const hostileServer = { name: ALL, id: ALL };

describe('given HTML and script in every text slot of a form request', () => {
  const cases: [string, ElicitRequestFormParams][] = [
    ['the message and server name and id', form({ type: 'object', properties: { ok: { type: 'boolean' } } })],
    [
      'a field title and description',
      form({ type: 'object', properties: { a: { type: 'string', title: ALL, description: ALL, default: ALL } } }),
    ],
    [
      'radio option titles (oneOf)',
      form({
        type: 'object',
        properties: {
          a: { type: 'string', oneOf: PAYLOADS.slice(0, 5).map((title, index) => ({ const: `v${index}`, title })) },
        },
      }),
    ],
    [
      'long radio list titles (oneOf, 240 options)',
      form({
        type: 'object',
        properties: {
          a: {
            type: 'string',
            oneOf: Array.from({ length: 240 }, (_, index) => ({
              const: `v${index}`,
              title: PAYLOADS[index % PAYLOADS.length] ?? ALL,
            })),
          },
        },
      }),
    ],
    [
      'select option titles (oneOf, 8 options)',
      form({
        type: 'object',
        properties: { a: { type: 'string', oneOf: PAYLOADS.map((title, index) => ({ const: `v${index}`, title })) } },
      }),
    ],
    [
      'legacy enumNames',
      form({
        type: 'object',
        properties: { a: { type: 'string', enum: PAYLOADS.map((_, index) => `v${index}`), enumNames: PAYLOADS } },
      }),
    ],
    [
      'checkbox titles (anyOf) with a filter box',
      form({
        type: 'object',
        properties: {
          a: {
            type: 'array',
            title: ALL,
            items: {
              anyOf: [...PAYLOADS, ...PAYLOADS.map((p) => `${p}2`)].map((title, index) => ({
                const: ALL + String(index),
                title,
              })),
            },
          },
        },
      }),
    ],
    [
      'untitled enum values as labels',
      form({ type: 'object', properties: { a: { type: 'array', items: { type: 'string', enum: PAYLOADS } } } }),
    ],
    ['a property key of HTML', form({ type: 'object', properties: { [PAYLOADS[0] as string]: { type: 'string' } } })],
    [
      'right-to-left and zero-width labels',
      form({
        type: 'object',
        properties: {
          a: {
            type: 'string',
            oneOf: [
              { const: 'a', title: '\u202E<img src=x onerror=window.__pwned=1>' },
              { const: 'b', title: 'Ye\u200Bs\u200D' },
            ],
          },
        },
      }),
    ],
    [
      'warnings that echo a hostile keyword and option value',
      form({ type: 'object', properties: { a: { type: 'string', [ALL]: 1, oneOf: [{ const: ALL }] } } }),
    ],
  ];

  test.each(cases)('%s: nothing injected; Decline and Cancel answer exactly', async (_name, request) => {
    await declineAndCancel((onRespond) => (
      <ElicitationForm request={request} server={hostileServer} onRespond={onRespond} />
    ));
  });

  test("the error summary names a hostile field title as text; its links are the kit's own", async () => {
    const onRespond = vi.fn<(result: ElicitResult) => void>();
    const { container, unmount } = mount(
      <ElicitationForm
        request={form({ type: 'object', properties: { a: { type: 'string', title: ALL } }, required: ['a'] })}
        server={hostileServer}
        onRespond={onRespond}
      />,
    );
    [...container.querySelectorAll('button')].find((button) => button.textContent === 'Accept')?.click();
    await expect.element(page.getByRole('alert')).toBeVisible();
    const links = [...container.querySelectorAll('a')];
    expect(links.map((link) => [link.getAttribute('href')?.startsWith('#mek'), link.textContent])).toEqual([
      [true, `${ALL}: This field is required.`],
    ]);
    expect((await injected(container)).pwned).toBeUndefined();
    expect(added).toEqual(['a']);
    expect(onRespond).not.toHaveBeenCalled();
    unmount();
  });
});

describe('given a refused form request whose problems echo hostile values', () => {
  test.each([
    ['a type name of HTML', form({ type: 'object', properties: { a: { type: ALL } } })],
    ['a format name of HTML', form({ type: 'object', properties: { a: { type: 'string', format: ALL } } })],
    ['a duplicate value of HTML', form({ type: 'object', properties: { a: { type: 'string', enum: [ALL, ALL] } } })],
    ['required naming HTML', form({ type: 'object', properties: {}, required: [ALL] })],
    ['a nested object with an HTML key', form({ type: 'object', properties: { [ALL]: { type: 'object' } } })],
    [
      'minimum > maximum',
      form({ type: 'object', properties: { n: { type: 'number', minimum: 10, maximum: 1, title: ALL } } }),
    ],
    [
      'a non-string const',
      form({ type: 'object', properties: { a: { type: 'string', oneOf: [{ const: 1, title: ALL }] } } }),
    ],
    ['a schema that is HTML text', form(ALL)],
    ['a message that is not text', form({ type: 'object', properties: {} }, 42 as unknown as string)],
  ])('%s: the problems are text; Decline and Cancel answer exactly', async (_name, request) => {
    await declineAndCancel((onRespond) => (
      <ElicitationForm request={request} server={hostileServer} onRespond={onRespond} />
    ));
  });

  test('the refused view shows the echoed value as text, quoted and cut', async () => {
    const { container, unmount } = mount(
      <ElicitationForm
        request={form({ type: 'object', properties: { a: { type: PAYLOADS[0] } } })}
        server={{ name: 'S' }}
        onRespond={() => {}}
      />,
    );
    expect(container.querySelector('.mek-problems')?.textContent).toContain(
      `not the text ${JSON.stringify(PAYLOADS[0])}.`,
    );
    expect(await injected(container)).toEqual(CLEAN);
    unmount();
  });
});

describe('given large and deep form requests', () => {
  test('100,000 options in a select: rendered without injection; Decline and Cancel answer', async () => {
    const oneOf = Array.from({ length: 100_000 }, (_, index) => ({
      const: `v${index}`,
      title: index === 99_999 ? ALL : `Option ${index}`,
    }));
    const started = performance.now();
    await declineAndCancel((onRespond) => (
      <ElicitationForm
        request={form({ type: 'object', properties: { a: { type: 'string', oneOf } } })}
        server={hostileServer}
        onRespond={onRespond}
      />
    ));
    console.log(`[hostile] 100,000-option select, two mounts: ${(performance.now() - started).toFixed(0)} ms`);
  }, 120_000);

  test('100,000 options in a multi-select: rendered without injection; Decline and Cancel answer', async () => {
    const anyOf = Array.from({ length: 100_000 }, (_, index) => ({
      const: `v${index}`,
      title: index === 99_999 ? ALL : `Option ${index}`,
    }));
    const started = performance.now();
    await declineAndCancel((onRespond) => (
      <ElicitationForm
        request={form({ type: 'object', properties: { a: { type: 'array', items: { anyOf } } } })}
        server={hostileServer}
        onRespond={onRespond}
      />
    ));
    console.log(`[hostile] 100,000-option multi-select, two mounts: ${(performance.now() - started).toFixed(0)} ms`);
  }, 120_000);

  test('100,000 options in a combobox: the last one, titled with HTML and found by typing part of it, is text', async () => {
    const oneOf = Array.from({ length: 100_000 }, (_, index) => ({
      const: `v${index}`,
      title: index === 99_999 ? ALL : `Option ${index}`,
    }));
    const { container, unmount } = mount(
      <ElicitationForm
        request={form({ type: 'object', properties: { a: { type: 'string', oneOf } } })}
        server={hostileServer}
        onRespond={() => {}}
      />,
    );
    onTestFinished(unmount);
    await userEvent.fill(page.getByRole('combobox'), '<script>');
    await expect.poll(() => page.getByRole('option').elements().length).toBe(1);
    expect(page.getByRole('option').element().textContent).toBe(ALL);
    expect(await injected(container)).toEqual(CLEAN);
  }, 120_000);

  test.each([
    ['checkbox list', 'checkbox', (anyOf: { const: string; title: string }[]) => ({ type: 'array', items: { anyOf } })],
  ] as const)(
    '100,000 options in a %s: the last one, titled with HTML and drawn through the filter, is text',
    async (_name, type, property) => {
      const options = Array.from({ length: 100_000 }, (_, index) => ({
        const: `v${index}`,
        title: index === 99_999 ? ALL : `Option ${index}`,
      }));
      const { container, unmount } = mount(
        <ElicitationForm
          request={form({ type: 'object', properties: { a: property(options) } })}
          server={hostileServer}
          onRespond={() => {}}
        />,
      );
      onTestFinished(unmount);
      // The filter reads values too, and draws a matching row at once even when the list has not drawn it yet.
      await userEvent.fill(page.getByRole('searchbox'), 'v99999');
      const shown = () => [...container.querySelectorAll(`label:not([hidden]) > input[type=${type}]`)];
      await expect.poll(() => shown().length).toBe(1);
      expect(shown()[0]?.closest('label')?.textContent).toBe(ALL);
      expect(await injected(container)).toEqual(CLEAN);
    },
    120_000,
  );

  test('a 1 MB message and title: Decline and Cancel answer', async () => {
    const big = `${ALL}${'x'.repeat(1024 * 1024)}`;
    await declineAndCancel((onRespond) => (
      <ElicitationForm
        request={form({ type: 'object', properties: { a: { type: 'string', title: big } } }, big)}
        server={hostileServer}
        onRespond={onRespond}
      />
    ));
  });

  test('100,000 fields are refused with one message, no field drawn; Decline and Cancel answer', async () => {
    const properties = Object.fromEntries(
      Array.from({ length: 100_000 }, (_, index) => [`f${index}`, { type: 'string', title: ALL }]),
    );
    const request = form({ type: 'object', properties });
    const { container, unmount } = mount(
      <ElicitationForm request={request} server={hostileServer} onRespond={() => {}} />,
    );
    expect([container.querySelectorAll('input').length, container.querySelector('.mek-problems')?.textContent]).toEqual(
      [0, 'properties The form has 100000 fields, more than the 1000 a form may have.'],
    );
    unmount();
    await declineAndCancel((onRespond) => (
      <ElicitationForm request={request} server={hostileServer} onRespond={onRespond} />
    ));
  });

  test('10,000 levels of nesting are refused; Decline and Cancel answer', async () => {
    let inner: Record<string, unknown> = { type: 'string' };
    for (let level = 0; level < 10_000; level++) inner = { type: 'object', properties: { a: inner } };
    await declineAndCancel((onRespond) => (
      <ElicitationForm
        request={form({ type: 'object', properties: { a: inner } })}
        server={hostileServer}
        onRespond={onRespond}
      />
    ));
  });

  test('a catastrophic pattern: 40 characters and Accept are judged at once (patterns.browser.test.tsx has more)', async () => {
    // The old analysis left ^(a+)+$ to the server; the linear-time engine checks it.
    const onRespond = vi.fn<(result: ElicitResult) => void>();
    const request = form({
      type: 'object',
      properties: { code: { type: 'string', title: 'Code', pattern: '^(a+)+$' } },
    });
    const { container, unmount } = mount(
      <ElicitationForm request={request} server={{ name: 'S' }} onRespond={onRespond} />,
    );
    const accept = () =>
      [...container.querySelectorAll('button')].find((button) => button.textContent === 'Accept')?.click();
    const code = page.getByRole('textbox', { name: 'Code' });
    await code.fill(`${'a'.repeat(40)}!`);
    accept();
    await expect.element(code).toHaveAccessibleDescription('The text does not have the form the server asks for.');
    expect(onRespond).not.toHaveBeenCalled();
    await code.fill('a'.repeat(40));
    accept();
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { code: 'a'.repeat(40) } }]]);
    unmount();
  });

  test('__proto__ and constructor keys: answered as own keys; Object.prototype untouched', async () => {
    const onRespond = vi.fn<(result: ElicitResult) => void>();
    const request = form(
      JSON.parse(
        '{"type":"object","properties":{"__proto__":{"type":"boolean","title":"P","default":true},"constructor":{"type":"boolean","title":"C","default":false}}}',
      ),
    );
    const { container, unmount } = mount(
      <ElicitationForm request={request} server={{ name: 'S' }} onRespond={onRespond} />,
    );
    [...container.querySelectorAll('button')].find((button) => button.textContent === 'Accept')?.click();
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    const content = onRespond.mock.calls[0]?.[0].content ?? {};
    expect([
      Object.keys(content),
      Object.getOwnPropertyDescriptor(content, '__proto__')?.value,
      content.constructor,
    ]).toEqual([['__proto__', 'constructor'], true, false]);
    expect(({} as Record<string, unknown>).constructor).toBe(Object);
    unmount();
  });
});

describe('given a hostile URL request', () => {
  const urls = [
    'javascript:window.__pwned=1',
    'JAVASCRIPT:window.__pwned=1',
    ' java\tscript:window.__pwned=1',
    'data:text/html,<script>window.__pwned=1</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'https://bank.example@evil.example/"><img src=x onerror=window.__pwned=1>',
    'https://xn--pypal-4ve.com/login',
    `https://example.com/${'a'.repeat(70_000)}`,
  ];

  test.each(urls.map((url) => [url.slice(0, 60), url]))(
    'UrlElicitation with %s: no link, nothing loaded; Decline and Cancel answer',
    async (_name, url) => {
      const request: ElicitRequestURLParams = { mode: 'url', message: ALL, url, elicitationId: 'e1' };
      await declineAndCancel((onRespond) => (
        <UrlElicitation request={request} server={hostileServer} onRespond={onRespond} />
      ));
    },
  );

  test('a javascript: URL is refused with its scheme named and no Open button', async () => {
    const { container, unmount } = mount(
      <UrlElicitation
        request={{ mode: 'url', message: 'm', url: 'javascript:alert(1)', elicitationId: 'e' }}
        server={{ name: 'S' }}
        onRespond={() => {}}
      />,
    );
    expect([...container.querySelectorAll('button')].map((button) => button.textContent)).toEqual([
      'Decline',
      'Cancel',
    ]);
    expect(container.textContent).toContain(
      'Only https and http links can be opened; this one is "javascript:". You can decline or cancel the request.',
    );
    unmount();
  });

  test.each([
    ['a javascript: URL', { mode: 'url', message: ALL, url: 'javascript:window.__pwned=1', elicitationId: 'e' }],
    ['an unknown mode', { mode: ALL, message: ALL }],
    ['a URL that is not text', { mode: 'url', message: ALL, url: 7 }],
  ])('ElicitationPrompt with %s: Decline and Cancel answer', async (_name, request) => {
    await declineAndCancel((onRespond) => (
      <ElicitationPrompt request={request as ElicitRequestParams} server={hostileServer} onRespond={onRespond} />
    ));
  });

  test('ElicitationHost shows a hostile queued URL request as text; Decline settles the promise', async () => {
    const queue = createElicitationQueue();
    const answer = queue.enqueue(
      { mode: 'url', message: ALL, url: 'javascript:window.__pwned=1', elicitationId: 'e' },
      { server: hostileServer },
    );
    const { container, unmount } = mount(<ElicitationHost queue={queue} />);
    // The host loads its URL view on first use: wait for it before looking for what it shows.
    const decline = () => [...container.querySelectorAll('button')].find((button) => button.textContent === 'Decline');
    await expect.poll(() => decline()?.textContent).toBe('Decline');
    expect(await injected(container)).toEqual(CLEAN);
    decline()?.click();
    await expect(answer).resolves.toEqual({ action: 'decline' });
    unmount();
  });
});

describe('given hostile tool schemas and results', () => {
  const tool: Tool = {
    name: ALL,
    title: ALL,
    description: ALL,
    inputSchema: {
      type: 'object',
      title: ALL,
      description: ALL,
      properties: { q: { type: 'string', title: ALL, description: ALL, default: ALL, examples: [ALL] } },
    },
    outputSchema: { type: 'object', title: ALL, properties: { items: { type: 'array', items: { type: 'string' } } } },
  };

  test('ToolCallForm with HTML in every title and description: nothing injected', async () => {
    const { container, unmount } = mount(<ToolCallForm tool={tool} onSubmit={() => {}} />);
    expect(await injected(container)).toEqual(CLEAN);
    unmount();
  });

  test.each([
    ['a remote $ref', { type: 'object', properties: { a: { $ref: 'https://evil.example/s.json' } } }],
    ['an invalid $id', { type: 'object', $id: 'my tool:input' }],
    [
      '9,000 properties (within the compiler limits, over the form limit)',
      {
        type: 'object',
        properties: Object.fromEntries(
          Array.from({ length: 9000 }, (_, index) => [`p${index}`, { type: 'string', title: ALL }]),
        ),
      },
    ],
  ])('ToolCallForm with %s shows the refusal as text: nothing injected', async (_name, inputSchema) => {
    const { container, unmount } = mount(
      <ToolCallForm tool={{ ...tool, inputSchema: inputSchema as Tool['inputSchema'] }} onSubmit={() => {}} />,
    );
    expect(await injected(container)).toEqual(CLEAN);
    expect(container.querySelector('form')).toBeNull();
    unmount();
  });

  test.each([
    [
      'HTML in structuredContent and text blocks',
      { content: [{ type: 'text', text: ALL }], structuredContent: { items: PAYLOADS } },
    ],
    [
      '100,000 items',
      {
        structuredContent: {
          items: Array.from({ length: 100_000 }, (_, index) => (index % 2 === 0 ? ALL : `item ${index}`)),
        },
      },
    ],
    ['a result that is an error with HTML', { isError: true, content: [{ type: 'text', text: ALL }] }],
    ['HTML keys', { structuredContent: { [ALL]: ALL, items: [] } }],
  ])('ToolResultView with %s: nothing injected', async (_name, result) => {
    const { container, unmount } = mount(<ToolResultView tool={tool} result={result} />);
    expect(await injected(container)).toEqual(CLEAN);
    unmount();
  });
});
