// The kit's views under the settings a person may bring to the page, in real Chromium: a right-to-left
// page, Windows high contrast (forced colours), reduced motion, a 320 px wide window and 200% zoom.
// Each is read from the laid-out page (computed styles, boxes, scroll widths), and axe runs on the
// views in right-to-left and dark. Media features are emulated through the Chrome DevTools Protocol.
import axe from 'axe-core';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { cdp, page, userEvent } from 'vitest/browser';

import {
  ElicitationForm,
  ElicitationHost,
  type ElicitRequestFormParams,
  type PrimitiveSchemaDefinition,
  UrlElicitation,
} from '../../src/index.js';
import { createElicitationQueue } from '../../src/core/index.js';
import { ToolCallForm } from '../../src/react/tools/index.js';
import { type Tool } from '../../src/tools/index.js';
import { armed, mount, systemColour } from './mount.js';
import { startMotion, stopMotion } from './settle.js';

/** A word no line can hold at 320 px: it must wrap inside its box, not push the page wider. */
const longWord = 'Supercalifragilisticexpialidocious'.repeat(3);
const sites = Array.from({ length: 240 }, (_, index) => ({ const: `s${index}`, title: `Site ${index}` }));
const choices = Array.from({ length: 3 }, (_, index) => ({ const: `c${index}`, title: `Choice ${index}` }));

/** Every field kind the kit draws, with a long label and a long option among them. */
const everyKind: Record<string, PrimitiveSchemaDefinition> = {
  text: { type: 'string', title: `Project ${longWord}`, description: `Shown on ${longWord}.`, maxLength: 200 },
  email: { type: 'string', title: 'Email', format: 'email' },
  uri: { type: 'string', title: 'Webhook', format: 'uri' },
  date: { type: 'string', title: 'Start date', format: 'date' },
  dateTime: { type: 'string', title: 'Window start', format: 'date-time' },
  number: { type: 'number', title: 'Discount', minimum: 0, maximum: 100 },
  integer: { type: 'integer', title: 'Replicas', minimum: 1 },
  boolean: { type: 'boolean', title: 'Run migrations', description: 'Runs before the deploy.' },
  radio: { type: 'string', title: 'Colour', oneOf: [...choices, { const: 'long', title: longWord }] },
  select: {
    type: 'string',
    title: 'Region',
    oneOf: [
      ...Array.from({ length: 8 }, (_, index) => ({ const: `r${index}`, title: `Region ${index}` })),
      { const: 'x', title: longWord },
    ],
  },
  checkboxes: { type: 'array', title: 'Languages', items: { anyOf: [...choices, { const: 'long', title: longWord }] } },
  site: { type: 'string', title: 'Site', oneOf: sites },
};

const everyKindRequest: ElicitRequestFormParams = {
  message: `Everything at once, with ${longWord} in it.`,
  requestedSchema: { type: 'object', properties: everyKind, required: ['radio', 'checkboxes'] },
};

const longUrl = `https://login.example.com/oauth/authorize?client_id=${'a1b2c3'.repeat(40)}&redirect_uri=${'x'.repeat(200)}`;

const tool: Tool = {
  name: `deploy_${'service_'.repeat(12)}`,
  inputSchema: {
    type: 'object',
    properties: {
      target: {
        type: 'object',
        title: 'Target',
        properties: { region: { type: 'string', title: `Region ${longWord}` }, replicas: { type: 'integer' } },
      },
      tags: { type: 'array', title: 'Tags', items: { type: 'string' }, default: ['alpha', longWord] },
    },
  },
};

/** A host holding a notice (a server that stopped waiting) above a round of a form and a URL request. */
function hostWithRoundAndNotice() {
  const queue = createElicitationQueue({ noticeDurationMs: Infinity });
  const controller = new AbortController();
  void queue.enqueue(
    { message: 'Gone soon', requestedSchema: { type: 'object', properties: { n: { type: 'string' } } } },
    { server: { name: 'Watcher' }, signal: controller.signal },
  );
  controller.abort();
  void queue.enqueueRound(
    {
      confirm: {
        mode: 'form',
        message: 'Deploy to staging?',
        requestedSchema: { type: 'object', properties: { ok: { type: 'boolean', title: 'I understand' } } },
      },
      login: { mode: 'url', message: 'Sign in', url: longUrl, elicitationId: 'e1' },
    },
    { server: { name: `Deploy bot ${longWord}`, id: 'deploy' } },
  );
  return queue;
}

const views = {
  form: () => <ElicitationForm request={everyKindRequest} server={{ name: 'Kit', id: 'kit-1' }} onRespond={vi.fn()} />,
  url: () => (
    <UrlElicitation
      request={{ mode: 'url', message: 'Sign in to continue', url: longUrl, elicitationId: 'u1' }}
      server={{ name: 'Login' }}
      onRespond={vi.fn()}
    />
  ),
  round: () => <ElicitationHost queue={hostWithRoundAndNotice()} autoFocus={false} />,
  tool: () => <ToolCallForm tool={tool} onSubmit={vi.fn()} />,
} as const;

/** The text each view shows once it is drawn (the URL view and the round load on first use). */
const drawn: Record<keyof typeof views, string> = {
  form: 'Run migrations',
  url: 'Sign in to continue',
  round: 'Deploy to staging?',
  tool: 'Target',
};

/** Mounts a view inside a wrapper carrying `dir`, as a host page does, and waits until it is drawn. */
async function show(name: keyof typeof views, dir: 'ltr' | 'rtl' = 'ltr'): Promise<HTMLElement> {
  const container = mount(<div dir={dir}>{views[name]()}</div>);
  await expect.element(page.getByText(drawn[name], { exact: true }).first()).toBeVisible();
  return container;
}

async function emulate(features: { name: string; value: string }[]): Promise<void> {
  await cdp().send('Emulation.setEmulatedMedia', { features });
}

afterEach(async () => {
  await emulate([]);
});

/** The box and the two inline-side borders of the first element matching `selector`. */
function sides(container: HTMLElement, selector: string) {
  const element = container.querySelector(selector);
  if (!element) throw new Error(`nothing matches ${selector}`);
  const style = getComputedStyle(element);
  return {
    borderLeft: style.borderLeftWidth,
    borderRight: style.borderRightWidth,
    paddingLeft: style.paddingLeft,
    paddingRight: style.paddingRight,
    marginLeft: style.marginLeft,
    marginRight: style.marginRight,
  };
}

describe('given a right-to-left page (dir="rtl" on an ancestor)', () => {
  test('a notice draws its coloured edge on the right, the start side', async () => {
    const container = await show('round', 'rtl');
    expect(sides(container, '.mek-notice')).toEqual({
      borderLeft: '0px',
      borderRight: '4px',
      paddingLeft: '12px',
      paddingRight: '12px',
      marginLeft: '0px',
      marginRight: '0px',
    });
  });

  test("a boolean's description is indented from the right, under its label, not from the left", async () => {
    const container = await show('form', 'rtl');
    expect(sides(container, '.mek-boolean .mek-description')).toEqual({
      borderLeft: '0px',
      borderRight: '0px',
      paddingLeft: '0px',
      paddingRight: '0px',
      marginLeft: '0px',
      marginRight: '28px',
    });
    // The checkbox sits at the row's right edge, the description 28 px in from it, as the label's text.
    const row = (container.querySelector('.mek-boolean') as Element).getBoundingClientRect();
    const checkbox = page.getByRole('checkbox', { name: 'Run migrations' }).element().getBoundingClientRect();
    const description = (container.querySelector('.mek-boolean .mek-description') as Element).getBoundingClientRect();
    expect([row.right - checkbox.right, row.right - description.right].map(Math.round)).toEqual([0, 28]);
  });

  test('a refused choice group marks its options on the right; the error summary indents its list from the right', async () => {
    const container = await show('form', 'rtl');
    await armed();
    await userEvent.click(page.getByRole('button', { name: 'Accept' }));
    await expect.element(page.getByRole('alert')).toBeVisible();
    expect([
      sides(container, '.mek-choice[data-invalid] .mek-options'),
      sides(container, '.mek-error-summary ul'),
    ]).toEqual([
      {
        borderLeft: '0px',
        borderRight: '3px',
        paddingLeft: '0px',
        paddingRight: '8px',
        marginLeft: '0px',
        marginRight: '0px',
      },
      {
        borderLeft: '0px',
        borderRight: '0px',
        paddingLeft: '0px',
        paddingRight: '20px',
        marginLeft: '0px',
        marginRight: '0px',
      },
    ]);
  });

  test('labels align to the right (text-align start), and each control spans its field', async () => {
    const container = await show('form', 'rtl');
    const label = container.querySelector('.mek-field .mek-label') as HTMLElement;
    const field = label.closest('.mek-field') as HTMLElement;
    const input = page.getByRole('textbox', { name: 'Email' }).element();
    const range = document.createRange();
    range.selectNodeContents(page.getByText('Email', { exact: true }).element());
    // The label's text ends at the field's right edge; the text box fills the field.
    const fieldBox = (input.closest('.mek-field') as HTMLElement).getBoundingClientRect();
    expect({
      textAlign: getComputedStyle(label).textAlign,
      direction: getComputedStyle(field).direction,
      labelAtRight: Math.round(fieldBox.right - range.getBoundingClientRect().right) <= 1,
      inputSpans: [input.getBoundingClientRect().left, input.getBoundingClientRect().right].map(Math.round),
    }).toEqual({
      textAlign: 'start',
      direction: 'rtl',
      labelAtRight: true,
      inputSpans: [fieldBox.left, fieldBox.right].map(Math.round),
    });
  });

  test("a tool form's list items and additional properties mark their start side, the right", async () => {
    const container = await show('tool', 'rtl');
    expect(sides(container, '.mek-list-item')).toEqual({
      borderLeft: '0px',
      borderRight: '3px',
      paddingLeft: '0px',
      paddingRight: '12px',
      marginLeft: '0px',
      marginRight: '0px',
    });
  });

  test('"Cancel all from" sits at the end of the footer: the left', async () => {
    const container = await show('round', 'rtl');
    const footer = container.querySelector('.mek-prompt-footer') as HTMLElement;
    const button = footer.querySelector('button') as HTMLElement;
    const inner = footer.getBoundingClientRect();
    expect(Math.round(button.getBoundingClientRect().left - inner.left)).toBe(0);
  });
});

describe('given forced colours (Windows high contrast)', () => {
  test('the focus ring is a 3 px solid outline in Highlight, on text boxes, choices and buttons', async () => {
    await emulate([{ name: 'forced-colors', value: 'active' }]);
    await show('form');
    const rings: string[][] = [];
    for (const locator of [
      page.getByRole('textbox', { name: 'Email' }),
      page.getByRole('checkbox', { name: 'Run migrations' }),
      page.getByRole('button', { name: 'Accept' }),
    ]) {
      (locator.element() as HTMLElement).focus({ focusVisible: true } as FocusOptions);
      const style = getComputedStyle(locator.element());
      rings.push([style.outlineStyle, style.outlineWidth, style.outlineColor]);
    }
    const highlight = systemColour('Highlight');
    expect(rings).toEqual([
      ['solid', '3px', highlight],
      ['solid', '3px', highlight],
      ['solid', '3px', highlight],
    ]);
  });

  test('cards, inputs and boxes that only a background set apart keep a visible border', async () => {
    await emulate([{ name: 'forced-colors', value: 'active' }]);
    const container = mount(
      <ElicitationForm
        request={{
          message: 'Hi',
          requestedSchema: { type: 'object', properties: { a: { type: 'string', title: 'A' } } },
        }}
        server={{ name: 'Dep\u202Eloy' }}
        onRespond={vi.fn()}
      />,
    );
    const border = (selector: string) => {
      const style = getComputedStyle(container.querySelector(selector) as Element);
      return [style.borderTopStyle, style.borderTopWidth];
    };
    expect({
      card: border('.mek-root'),
      input: border('.mek-input'),
      serverWarning: border('.mek-server-warning'),
    }).toEqual({ card: ['solid', '1px'], input: ['solid', '1px'], serverWarning: ['solid', '1px'] });
  });

  test('a declined request of a round stays told apart from the others without its background', async () => {
    await emulate([{ name: 'forced-colors', value: 'active' }]);
    const container = await show('round');
    await userEvent.click(page.getByRole('checkbox', { name: /^Decline request 1/ }));
    const items = [...container.querySelectorAll('.mek-round-item')].map((item) => [
      item.hasAttribute('data-declined'),
      getComputedStyle(item).borderTopStyle,
    ]);
    expect(items).toEqual([
      [true, 'dashed'],
      [false, 'solid'],
    ]);
  });

  test('a disabled option reads in GrayText, the chosen ones keep their native check', async () => {
    await emulate([{ name: 'forced-colors', value: 'active' }]);
    const container = mount(
      <ElicitationForm
        request={{
          message: 'Pick',
          requestedSchema: {
            type: 'object',
            properties: { l: { type: 'array', title: 'Languages', maxItems: 1, items: { anyOf: choices } } },
          },
        }}
        server={{ name: 'Kit' }}
        onRespond={vi.fn()}
      />,
    );
    await userEvent.click(page.getByRole('checkbox', { name: 'Choice 0' }));
    await expect.element(page.getByRole('checkbox', { name: 'Choice 1' })).toBeDisabled();
    const options = [...container.querySelectorAll('.mek-option')].map((option) => [
      option.hasAttribute('data-disabled'),
      getComputedStyle(option).color,
      getComputedStyle(option.querySelector('input') as Element).forcedColorAdjust,
    ]);
    const [text, gray] = [systemColour('CanvasText'), systemColour('GrayText')];
    expect(options).toEqual([
      [false, text, 'auto'],
      [true, gray, 'auto'],
      [true, gray, 'auto'],
    ]);
  });
});

describe('given prefers-reduced-motion: reduce', () => {
  test('nothing in the kit moves, even where a host theme adds a transition', async () => {
    const hostTheme = document.createElement('style');
    hostTheme.textContent = '.mek-root .mek-button, .mek-root .mek-input { transition: background-color 200ms ease; }';
    document.head.append(hostTheme);
    // The kit's own rule is what this test judges: the tests' motion stop (test/browser/settle.ts) steps aside.
    startMotion();
    try {
      await emulate([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
      const containers = [await show('form'), await show('round'), await show('tool')];
      const moving = containers
        .flatMap((container) => [...container.querySelectorAll('*')])
        .map((element) => getComputedStyle(element))
        .filter((style) =>
          [...style.transitionDuration.split(', '), ...style.animationDuration.split(', ')].some(
            (duration) => duration !== '0s',
          ),
        ).length;
      expect(moving).toBe(0);
      // Without the preference the host's transition applies: the rule above is what stops it.
      await emulate([]);
      expect(getComputedStyle(page.getByRole('button', { name: 'Accept' }).first().element()).transitionDuration).toBe(
        '0.2s',
      );
    } finally {
      hostTheme.remove();
      stopMotion();
    }
  });
});

/**
 * The elements of `container` drawn past either edge of the window. A right-to-left page overflows to
 * the left, which `scrollWidth` does not count, so each box is read too; boxes inside a scroller are
 * left out (the scroller's own box is read).
 */
function outside(container: HTMLElement, width: number): string[] {
  return [...container.querySelectorAll('*')]
    .filter((element) => {
      const box = element.getBoundingClientRect();
      return box.width > 1 && (Math.round(box.left) < 0 || Math.round(box.right) > width);
    })
    .filter((element) => !element.parentElement?.closest('.mek-options-window, .mek-options, .mek-url-href'))
    .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
}

describe.each([
  ['320 px wide', 320],
  ['200% zoom of a 1280 px window (640 CSS px)', 640],
] as const)('given a window %s', (_, width) => {
  test.each(Object.keys(views) as (keyof typeof views)[])(
    'the %s view does not scroll sideways nor draw past an edge, in both directions',
    async (name) => {
      await page.viewport(width, 900);
      const seen: { scrollWidth: number; outside: string[] }[] = [];
      for (const dir of ['ltr', 'rtl'] as const) {
        const container = await show(name, dir);
        seen.push({ scrollWidth: document.documentElement.scrollWidth, outside: outside(container, width) });
        container.remove();
      }
      expect(seen).toEqual([
        { scrollWidth: width, outside: [] },
        { scrollWidth: width, outside: [] },
      ]);
    },
  );
});

describe.each(['rtl', 'dark'] as const)('given %s', (setting) => {
  test.each(Object.keys(views) as (keyof typeof views)[])('axe finds nothing in the %s view', async (name) => {
    await page.viewport(1024, 1400);
    if (setting === 'dark') await emulate([{ name: 'prefers-color-scheme', value: 'dark' }]);
    const container = await show(name, setting === 'rtl' ? 'rtl' : 'ltr');
    const results = await axe.run(container, { resultTypes: ['violations'] });
    expect(
      results.violations.map((violation) => [violation.id, violation.nodes.map((node) => node.target.join(' '))]),
    ).toEqual([]);
  });
});

describe('given the boxes of the radios, checkboxes and the boolean', () => {
  test('each is a flex box centring its mark: no grid whose track sizing Blink keeps for every row', () => {
    const container = mount(
      <ElicitationForm request={everyKindRequest} server={{ name: 'Kit', id: 'kit-1' }} onRespond={vi.fn()} />,
    );
    const boxes = [...container.querySelectorAll('input[type="radio"], input[type="checkbox"]')].map((box) => {
      const style = getComputedStyle(box);
      return [box.getAttribute('type'), style.display, style.alignItems, style.justifyContent];
    });
    // Each sits in a flex row (its label), which makes it a block-level flex box.
    expect(boxes).toEqual([
      ['checkbox', 'flex', 'center', 'center'],
      ...Array(4).fill(['radio', 'flex', 'center', 'center']),
      ...Array(4).fill(['checkbox', 'flex', 'center', 'center']),
    ]);
  });
});
