// axe-core in real Chromium, every rule on (colour contrast included, which jsdom cannot compute),
// for every widget in each of its states, in the light and the dark theme. Zero violations, and no
// colour-contrast check left undecided: axe reports a pair it cannot measure as "incomplete", which
// would let a bad colour through unnoticed.
import axe from 'axe-core';
import { beforeAll, describe, expect, onTestFinished, test, vi } from 'vitest';
import { cdp, page, userEvent } from 'vitest/browser';

import {
  ElicitationForm,
  ElicitationHost,
  type ElicitRequestFormParams,
  type PrimitiveSchemaDefinition,
} from '../../src/index.js';
import { createElicitationQueue } from '../../src/core/index.js';
import { armed, mount } from './mount.js';

/** What one axe run found: rule ids and the nodes that break them, plus contrast checks it could not decide. */
async function axeOnce(
  container: HTMLElement,
): Promise<{ violations: { id: string; nodes: string[] }[]; undecidedContrast: string[] }> {
  const results = await axe.run(container, { resultTypes: ['violations', 'incomplete'] });
  return {
    violations: results.violations.map((violation) => ({
      id: violation.id,
      nodes: violation.nodes.map((node) => node.target.join(' ')),
    })),
    undecidedContrast: results.incomplete
      .filter((item) => item.id === 'color-contrast')
      .flatMap((item) => item.nodes.map((node) => node.target.join(' '))),
  };
}

/**
 * axe on the container; a long option list scrolls inside its own box, and axe cannot measure the
 * rows scrolled out of sight (they are not painted). So each such list (the one a filter box
 * controls) is audited once per box-height of scrolling, top to end: a contrast check counts as
 * undecided only if no run decided it, and a violation found in any run counts.
 */
async function audit(
  container: HTMLElement,
): Promise<{ violations: { id: string; nodes: string[] }[]; undecidedContrast: string[] }> {
  const runs = [await axeOnce(container)];
  const lists = page
    .getByRole('searchbox')
    .elements()
    .flatMap((box) => {
      const list = document.getElementById(box.getAttribute('aria-controls') ?? '');
      return list ? [list] : [];
    });
  for (const list of lists) {
    for (let top = list.clientHeight; top < list.scrollHeight; top += list.clientHeight) {
      list.scrollTop = top;
      runs.push(await axeOnce(container));
    }
    list.scrollTop = 0;
  }
  const seen = new Set<string>();
  const violations = runs
    .flatMap((run) => run.violations)
    .filter((violation) => {
      const key = JSON.stringify(violation);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  const undecidedContrast = runs.reduce(
    (undecided, run) => undecided.filter((node) => run.undecidedContrast.includes(node)),
    runs[0]?.undecidedContrast ?? [],
  );
  return { violations, undecidedContrast };
}

const clean = { violations: [], undecidedContrast: [] };

interface WidgetCase {
  name: string;
  property: PrimitiveSchemaDefinition;
  /** Gives the field a valid answer. */
  fill: () => Promise<void>;
  /** Gives the field an answer core refuses; without it, the required field is left empty. */
  spoil?: () => Promise<void>;
  /** `false` when no input makes the field invalid (a required boolean left unticked is `false`). */
  canFail?: false;
}

const options = Array.from({ length: 20 }, (_, index) => ({ const: `c${index}`, title: `Choice ${index}` }));
const countries = Array.from({ length: 20 }, (_, index) => ({ const: `k${index}`, title: `Country ${index}` }));
/** More than 15: a single select drawn as a combobox (its open popup: combobox.browser.test.tsx). */
const sites = Array.from({ length: 240 }, (_, index) => ({ const: `s${index}`, title: `Site ${index}` }));

const widgets: WidgetCase[] = [
  {
    name: 'text',
    property: { type: 'string', title: 'Project', description: 'Shown on the dashboard.', minLength: 3, maxLength: 20 },
    fill: () => userEvent.fill(page.getByRole('textbox', { name: 'Project' }), 'Apollo'),
    spoil: () => userEvent.fill(page.getByRole('textbox', { name: 'Project' }), 'Ap'),
  },
  {
    name: 'email',
    property: { type: 'string', title: 'Email', format: 'email' },
    fill: () => userEvent.fill(page.getByRole('textbox', { name: 'Email' }), 'ap@example.com'),
    spoil: () => userEvent.fill(page.getByRole('textbox', { name: 'Email' }), 'ap@localhost'),
  },
  {
    name: 'uri',
    property: { type: 'string', title: 'Webhook', format: 'uri' },
    fill: () => userEvent.fill(page.getByRole('textbox', { name: 'Webhook' }), 'https://hooks.example.com/e'),
    spoil: () => userEvent.fill(page.getByRole('textbox', { name: 'Webhook' }), 'hooks'),
  },
  {
    name: 'date',
    property: { type: 'string', title: 'Start date', format: 'date' },
    // Date inputs have no role; their label reads "Start date *" when required.
    fill: () => userEvent.fill(page.getByLabelText(/^Start date/), '2024-02-29'),
  },
  {
    name: 'date-time',
    property: { type: 'string', title: 'Window start', format: 'date-time' },
    fill: () => userEvent.fill(page.getByLabelText(/^Window start/), '2026-03-01T09:30'),
  },
  {
    name: 'number',
    property: { type: 'number', title: 'Discount', minimum: 0, maximum: 100 },
    fill: () => userEvent.fill(page.getByRole('textbox', { name: 'Discount' }), '12.5'),
    spoil: () => userEvent.fill(page.getByRole('textbox', { name: 'Discount' }), 'abc'),
  },
  {
    name: 'integer',
    property: { type: 'integer', title: 'Replicas', minimum: 1 },
    fill: () => userEvent.fill(page.getByRole('textbox', { name: 'Replicas' }), '3'),
    spoil: () => userEvent.fill(page.getByRole('textbox', { name: 'Replicas' }), '1.5'),
  },
  {
    name: 'boolean',
    property: { type: 'boolean', title: 'Run migrations', description: 'Runs before the deploy.' },
    fill: () => userEvent.click(page.getByRole('checkbox', { name: 'Run migrations' })),
    canFail: false,
  },
  {
    name: 'radio group',
    property: { type: 'string', title: 'Colour', description: 'Pick one.', oneOf: options.slice(0, 3) },
    fill: () => userEvent.click(page.getByRole('radio', { name: 'Choice 1' })),
  },
  {
    name: 'select',
    property: { type: 'string', title: 'Region', oneOf: options.slice(0, 9) },
    fill: () => userEvent.selectOptions(page.getByRole('combobox', { name: 'Region' }), 'Choice 4'),
  },
  {
    name: 'checkbox group',
    property: {
      type: 'array',
      title: 'Languages',
      description: 'Pick one or two.',
      minItems: 1,
      maxItems: 2,
      items: { anyOf: options.slice(0, 3) },
    },
    fill: () => userEvent.click(page.getByRole('checkbox', { name: 'Choice 1' })),
  },
  {
    name: 'combobox',
    property: { type: 'string', title: 'Site', description: 'Where the parcel goes.', oneOf: sites },
    fill: async () => {
      await userEvent.fill(page.getByRole('combobox', { name: 'Site' }), 'Site 23');
      await userEvent.click(page.getByRole('option', { name: 'Site 231' }));
    },
  },
  {
    name: 'long checkbox group with a filter',
    property: { type: 'array', title: 'Countries', minItems: 1, maxItems: 2, items: { anyOf: countries } },
    fill: async () => {
      await userEvent.fill(page.getByRole('searchbox', { name: 'Filter Countries' }), 'Country 1');
      await userEvent.click(page.getByRole('checkbox', { name: 'Country 12' }));
    },
  },
];

function ask(property: PrimitiveSchemaDefinition, required: boolean): ElicitRequestFormParams {
  return {
    message: 'Please answer',
    requestedSchema: { type: 'object', properties: { f: property }, ...(required && { required: ['f'] }) },
  };
}

beforeAll(async () => {
  // Room for the whole form: axe measures contrast only where the element is painted in the viewport.
  await page.viewport(1024, 1400);
});

describe.each(['light', 'dark'] as const)('given the %s theme', (theme) => {
  function show(property: PrimitiveSchemaDefinition, required = true): HTMLElement {
    return mount(
      <ElicitationForm
        request={ask(property, required)}
        server={{ name: 'Axe', id: 'axe-1' }}
        onRespond={vi.fn()}
        theme={theme}
      />,
    );
  }

  test('the theme is applied: the kit paints its own background and text colours', () => {
    show({ type: 'string', title: 'Name' });
    const kit = page.getByRole('group', { name: 'Request from Axe (ID: axe-1)' }).element();
    const { backgroundColor, color } = getComputedStyle(kit);
    expect({ backgroundColor, color }).toEqual(
      theme === 'light'
        ? { backgroundColor: 'rgb(255, 255, 255)', color: 'rgb(27, 29, 33)' }
        : { backgroundColor: 'rgb(23, 25, 29)', color: 'rgb(233, 234, 236)' },
    );
  });

  describe.each(widgets)('the $name widget', ({ property, fill, spoil, canFail }) => {
    test('default: clean', async () => {
      expect(await audit(show(property))).toEqual(clean);
    });

    test('filled: clean', async () => {
      const container = show(property);
      await fill();
      expect(await audit(container)).toEqual(clean);
    });

    // A widget that cannot be in error has no error state to audit: Accept shows no summary.
    test(canFail === false ? 'no error state: Accept shows no alert' : 'error, after Accept: clean', async () => {
      const container = show(property);
      if (spoil) await spoil();
      await armed();
      await userEvent.click(page.getByRole('button', { name: 'Accept' }));
      if (canFail === false) {
        expect(container.querySelector('[role="alert"]')).toBeNull();
        return;
      }
      await expect.element(page.getByRole('alert')).toBeVisible();
      expect(await audit(container)).toEqual(clean);
    });

    test('optional and filled (a radio group offers "Clear choice"): clean', async () => {
      const container = show(property, false);
      await fill();
      expect(await audit(container)).toEqual(clean);
    });
  });

  test('a checkbox group at maxItems, the rest disabled: clean', async () => {
    const container = show({ type: 'array', title: 'Languages', maxItems: 2, items: { anyOf: options.slice(0, 4) } });
    await userEvent.click(page.getByRole('checkbox', { name: 'Choice 0' }));
    await userEvent.click(page.getByRole('checkbox', { name: 'Choice 2' }));
    await expect.element(page.getByRole('checkbox', { name: 'Choice 1' })).toBeDisabled();
    expect(await audit(container)).toEqual(clean);
  });

  test('a filter that matches nothing: clean', async () => {
    const container = show({ type: 'array', title: 'Countries', items: { anyOf: countries } });
    await userEvent.fill(page.getByRole('searchbox', { name: 'Filter Countries' }), 'zzz');
    await expect.element(page.getByText('No options match the filter.')).toBeVisible();
    expect(await audit(container)).toEqual(clean);
  });

  test('a refused request, its warnings unfolded: clean', async () => {
    const refused = {
      message: 'Book a room',
      requestedSchema: {
        type: 'object',
        properties: { room: { type: 'string', title: 42, enum: ['A'] }, slot: { type: 'string', format: 'time' } },
      },
    };
    const container = mount(
      <ElicitationForm
        request={refused as unknown as ElicitRequestFormParams}
        server={{ name: 'Rooms' }}
        onRespond={vi.fn()}
        theme={theme}
      />,
    );
    await userEvent.click(page.getByText('1 note about this request'));
    await expect.element(page.getByText('properties.room.title')).toBeVisible();
    expect(await audit(container)).toEqual(clean);
  });

  test('every kind in one form, answered: clean', async () => {
    const request: ElicitRequestFormParams = {
      message: 'Everything at once.\nOn two lines, with https://example.com as text.',
      requestedSchema: {
        type: 'object',
        properties: Object.fromEntries(widgets.map((widget, index) => [`f${index}`, widget.property])),
        required: widgets.map((_, index) => `f${index}`),
      },
    };
    const onRespond = vi.fn();
    const container = mount(
      <ElicitationForm request={request} server={{ name: 'Axe', id: 'axe-1' }} onRespond={onRespond} theme={theme} />,
    );
    for (const widget of widgets) await widget.fill();
    await armed();
    await userEvent.click(page.getByRole('button', { name: 'Accept' }));
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    expect(await audit(container)).toEqual(clean);
  });
});

describe.each([
  ['dark', 'white'],
  ['light', 'near-black'],
] as const)('given the %s host on a %s page', (theme, pageColour) => {
  test('the "pending" count, the prompt and the empty state: clean (each brings its own background)', async () => {
    const before = document.body.style.background;
    document.body.style.background = pageColour === 'white' ? '#ffffff' : '#101114';
    onTestFinished(() => {
      document.body.style.background = before;
    });
    const queue = createElicitationQueue();
    const ask = (message: string): ElicitRequestFormParams => ({
      message,
      requestedSchema: { type: 'object', properties: { name: { type: 'string', title: 'Name' } } },
    });
    void queue.enqueue(ask('First'), { server: { name: 'Axe' } });
    void queue.enqueue(ask('Second'), { server: { name: 'Axe' } });
    const container = mount(<ElicitationHost queue={queue} theme={theme} />);
    await expect.element(page.getByText('2 pending')).toBeVisible();
    expect(await audit(container)).toEqual(clean);
    queue.cancelAll();
    // Nothing left: the "No requests waiting." line brings its own background too.
    await expect.element(page.getByText('No requests waiting.')).toBeVisible();
    expect(await audit(container)).toEqual(clean);
  });
});

describe('given no theme prop', () => {
  test.each([
    ['light', { backgroundColor: 'rgb(255, 255, 255)', color: 'rgb(27, 29, 33)' }],
    ['dark', { backgroundColor: 'rgb(23, 25, 29)', color: 'rgb(233, 234, 236)' }],
  ] as const)('the kit follows prefers-color-scheme: %s, and stays clean', async (scheme, colours) => {
    await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: scheme }] });
    onTestFinished(async () => {
      await cdp().send('Emulation.setEmulatedMedia', { features: [] });
    });
    const container = mount(
      <ElicitationForm
        request={ask({ type: 'string', title: 'Name' }, true)}
        server={{ name: 'Axe' }}
        onRespond={vi.fn()}
      />,
    );
    const { backgroundColor, color } = getComputedStyle(
      page.getByRole('group', { name: 'Request from Axe' }).element(),
    );
    expect({ backgroundColor, color }).toEqual(colours);
    expect(await audit(container)).toEqual(clean);
  });
});

test('theme="light" stays light under prefers-color-scheme: dark', async () => {
  await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: 'dark' }] });
  onTestFinished(async () => {
    await cdp().send('Emulation.setEmulatedMedia', { features: [] });
  });
  mount(
    <ElicitationForm
      request={ask({ type: 'string', title: 'Name' }, true)}
      server={{ name: 'Axe' }}
      onRespond={vi.fn()}
      theme="light"
    />,
  );
  const { backgroundColor, color } = getComputedStyle(page.getByRole('group', { name: 'Request from Axe' }).element());
  expect({ backgroundColor, color }).toEqual({ backgroundColor: 'rgb(255, 255, 255)', color: 'rgb(27, 29, 33)' });
});
