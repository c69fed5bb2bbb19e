// The combobox of a long single select in real Chromium, with real keys and clicks: keyboard only and by
// pointer, the exact ElicitResult of each variant, the Escape order (popup, filter, then the form), a
// popup of 100,000 options drawing only the rows in view, and how it looks where it must: axe light and
// dark with the popup open, a right-to-left page, forced colours and a 320 px window.
import axe from 'axe-core';
import { afterEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import { cdp, page, userEvent } from 'vitest/browser';

import {
  ElicitationForm,
  type ElicitRequestFormParams,
  type PrimitiveSchemaDefinition,
  type TitledOption,
} from '../../src/index.js';
import { armed, mount, systemColour } from './mount.js';

/** "Site 0001" … "Site 1500", sent as "site-0001" … "site-1500". */
const sites: TitledOption[] = Array.from({ length: 1500 }, (_, index) => {
  const number = String(index + 1).padStart(4, '0');
  return { const: `site-${number}`, title: `Site ${number}` };
});

function ask(property: PrimitiveSchemaDefinition, required = true): ElicitRequestFormParams {
  return {
    message: 'Which site should receive the shipment?',
    requestedSchema: { type: 'object', properties: { site: property }, ...(required && { required: ['site'] }) },
  };
}

function open(request: ElicitRequestFormParams, wrapper?: 'rtl') {
  const onRespond = vi.fn();
  const form = <ElicitationForm request={request} server={{ name: 'Stock bot' }} onRespond={onRespond} />;
  const container = mount(wrapper === 'rtl' ? <div dir="rtl">{form}</div> : form);
  return { onRespond, container };
}

const site = () => page.getByRole('combobox', { name: 'Site' });

/** The titles of the options the popup draws now. */
function drawn(): string[] {
  return page
    .getByRole('option')
    .elements()
    .map((option) => option.textContent ?? '');
}

afterEach(async () => {
  await cdp().send('Emulation.setEmulatedMedia', { features: [] });
});

describe('given a titled single select of 1,500 options, by keyboard only', () => {
  test('type, arrows, Enter; Escape closes the popup, then drops the filter, then cancels; Tab leaves without choosing', async () => {
    const { onRespond } = open(ask({ type: 'string', title: 'Site', oneOf: sites }));
    await armed();
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('{Tab}');
    await expect.element(site()).toHaveFocus();
    await userEvent.keyboard('site 074');
    await expect.element(site()).toHaveAttribute('aria-expanded', 'true');
    expect(drawn()).toEqual(Array.from({ length: 10 }, (_, index) => `Site 074${index}`));
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect.element(site()).toHaveValue('Site 0742');
    await expect.element(site()).toHaveAttribute('aria-expanded', 'false');
    expect(drawn()).toEqual([]);

    // A new filter, then Escape three times: the popup closes (the letters stay), the letters go (the
    // choice shows again), and only the third reaches the form.
    await userEvent.keyboard('{Control>}a{/Control}15');
    await userEvent.keyboard('{Escape}');
    await expect.element(site()).toHaveAttribute('aria-expanded', 'false');
    await expect.element(site()).toHaveValue('15');
    await userEvent.keyboard('{Escape}');
    await expect.element(site()).toHaveValue('Site 0742');
    expect(onRespond).not.toHaveBeenCalled();

    // Down opens at the choice; End and Home reach the ends; Tab leaves without choosing.
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(page.getByRole('option', { name: 'Site 0742' })).toHaveAttribute('aria-selected', 'true');
    await expect.element(site()).toHaveAttribute('aria-activedescendant', expect.stringMatching(/__option-741$/));
    await userEvent.keyboard('{End}');
    await expect.element(page.getByRole('option', { name: 'Site 1500' })).toBeInViewport();
    await userEvent.keyboard('{Home}{ArrowDown}{Tab}');
    await expect.element(page.getByRole('button', { name: 'Accept' })).toHaveFocus();
    await expect.element(site()).toHaveValue('Site 0742');
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}{Home}{Escape}');
    await expect.poll(() => onRespond.mock.calls).toStrictEqual([[{ action: 'cancel' }]]);
  });

  test('Enter on a closed combobox accepts the form, as in any text box', async () => {
    const { onRespond } = open(ask({ type: 'string', title: 'Site', oneOf: sites }));
    await armed();
    await userEvent.click(site());
    await userEvent.keyboard('1500{Enter}');
    await expect.element(site()).toHaveValue('Site 1500');
    await userEvent.keyboard('{Enter}');
    await expect
      .poll(() => onRespond.mock.calls)
      .toStrictEqual([[{ action: 'accept', content: { site: 'site-1500' } }]]);
  });
});

describe('given a pointer', () => {
  test('a click opens, the popup scrolls and draws further rows, a click on an option chooses it', async () => {
    const { onRespond } = open(ask({ type: 'string', title: 'Site', oneOf: sites }));
    await userEvent.click(site());
    await expect.element(page.getByRole('listbox', { name: 'Site' })).toBeVisible();
    expect(drawn().length).toBeLessThan(40);
    const popup = page.getByRole('listbox', { name: 'Site' }).element();
    popup.scrollTop = 32 * 600;
    await expect.element(page.getByRole('option', { name: 'Site 0605' })).toBeInViewport();
    expect(drawn()).not.toContain('Site 0001');
    // Then a few pixels within the same row: a re-render (the hovered row becomes active) keeps the
    // person's offset, to the pixel.
    popup.scrollTop = 32 * 600 + 10;
    await new Promise((resolve) => popup.addEventListener('scroll', resolve, { once: true }));
    await userEvent.hover(page.getByRole('option', { name: 'Site 0604' }));
    await expect.element(page.getByRole('option', { name: 'Site 0604' })).toHaveAttribute('data-active', '');
    expect(popup.scrollTop).toBe(32 * 600 + 10);
    await userEvent.click(page.getByRole('option', { name: 'Site 0605' }));
    await expect.element(site()).toHaveValue('Site 0605');
    await expect.element(site()).toHaveFocus();
    await armed();
    await userEvent.click(page.getByRole('button', { name: 'Accept' }));
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { site: 'site-0605' } }]]);
  });

  test('a click on the chevron at the end edge opens the popup, a second one closes it', async () => {
    open(ask({ type: 'string', title: 'Site', oneOf: sites }));
    const box = site().element().getBoundingClientRect();
    const at = { position: { x: box.width - 12, y: box.height / 2 } };
    await userEvent.click(site(), at);
    await expect.element(site()).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(site(), at);
    await expect.element(site()).toHaveAttribute('aria-expanded', 'false');
  });

  test('an optional choice is cleared by its named button and left out of the answer', async () => {
    const { onRespond } = open(ask({ type: 'string', title: 'Site', oneOf: sites, default: 'site-0003' }, false));
    await expect.element(site()).toHaveValue('Site 0003');
    await userEvent.click(page.getByRole('button', { name: 'Clear choice' }));
    await expect.element(site()).toHaveValue('');
    await expect.element(site()).toHaveFocus();
    await armed();
    await userEvent.click(page.getByRole('button', { name: 'Accept' }));
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: {} }]]);
  });
});

describe('given a root font of 20px instead of 16px', () => {
  test('the popup measures its rows as laid out (40px, not 32): a scroll draws the rows in view; reopened, it starts at the top', async () => {
    document.documentElement.style.fontSize = '20px';
    onTestFinished(() => {
      document.documentElement.style.fontSize = '';
    });
    open(ask({ type: 'string', title: 'Site', oneOf: sites }));
    await userEvent.click(site());
    const first = page.getByRole('option', { name: 'Site 0001' });
    await expect.element(first).toBeInViewport();
    const row = first.element().getBoundingClientRect().height;
    expect(row).toBe(40);
    page.getByRole('listbox', { name: 'Site' }).element().scrollTop = row * 600;
    await expect.element(page.getByRole('option', { name: 'Site 0601' })).toBeInViewport();
    await expect.element(page.getByRole('option', { name: 'Site 0609' })).toBeInViewport();
    // Closed and opened again (nothing chosen): the popup is back at its first option.
    await userEvent.keyboard('{Escape}');
    await expect.element(site()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(site());
    await expect.element(page.getByRole('option', { name: 'Site 0001' })).toBeInViewport();
    expect(page.getByRole('listbox', { name: 'Site' }).element().scrollTop).toBe(0);
  });

  test('the first opening at a choice deep in the list lands on it, measured as laid out (not 32px rows)', async () => {
    document.documentElement.style.fontSize = '20px';
    onTestFinished(() => {
      document.documentElement.style.fontSize = '';
    });
    open(ask({ type: 'string', title: 'Site', oneOf: sites, default: 'site-1200' }));
    await armed();
    site().element().focus();
    await userEvent.keyboard('{ArrowDown}');
    const chosen = page.getByRole('option', { name: 'Site 1200' });
    await expect.element(chosen).toHaveAttribute('aria-selected', 'true');
    await expect.element(chosen).toBeInViewport({ ratio: 0.99 });
    await expect.element(site()).toHaveAttribute('aria-activedescendant', expect.stringMatching(/__option-1199$/));
    // The row sits at the popup's bottom edge, as a key move leaves it: 1,200 rows of 40px, less the view.
    const listbox = page.getByRole('listbox', { name: 'Site' }).element();
    expect(listbox.scrollTop).toBe(1200 * 40 - listbox.clientHeight);
  });
});

describe('given each single-select variant past the threshold', () => {
  const names = Array.from({ length: 51 }, (_, index) => `Zone ${index}`);
  const values = names.map((_, index) => `z${index}`);
  test.each([
    ['titled (oneOf)', { type: 'string', title: 'Site', oneOf: sites.slice(0, 51) }, 'Site 0017', 'site-0017'],
    ['titled (anyOf)', { type: 'string', title: 'Site', anyOf: sites.slice(0, 51) }, 'Site 0017', 'site-0017'],
    ['untitled (enum)', { type: 'string', title: 'Site', enum: values }, 'z17', 'z17'],
    ['legacy (enumNames)', { type: 'string', title: 'Site', enum: values, enumNames: names }, 'Zone 17', 'z17'],
  ] as [string, PrimitiveSchemaDefinition, string, string][])(
    '%s: the chosen title sends its value',
    async (_variant, property, title, value) => {
      const { onRespond } = open(ask(property));
      await userEvent.click(site());
      await userEvent.keyboard('17');
      await userEvent.click(page.getByRole('option', { name: title }));
      await expect.element(site()).toHaveValue(title);
      await armed();
      await userEvent.click(page.getByRole('button', { name: 'Accept' }));
      expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { site: value } }]]);
    },
  );
});

describe('given 100,000 options', () => {
  test('the popup opens with only the rows in view drawn; End draws the last one in view', async () => {
    const many = Array.from({ length: 100_000 }, (_, index) => ({ const: `v${index}`, title: `Option ${index}` }));
    const { onRespond } = open(ask({ type: 'string', title: 'Site', oneOf: many }));
    expect(document.querySelectorAll('[role="option"]')).toHaveLength(0);
    await userEvent.click(site());
    await expect.element(page.getByRole('option', { name: 'Option 0', exact: true })).toBeInViewport();
    expect(drawn().length).toBeLessThan(40);
    await userEvent.keyboard('{End}');
    await expect.element(page.getByRole('option', { name: 'Option 99999' })).toBeInViewport();
    expect(drawn().length).toBeLessThan(40);
    await userEvent.keyboard('{Enter}');
    await armed();
    await userEvent.click(page.getByRole('button', { name: 'Accept' }));
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { site: 'v99999' } }]]);
  });
});

describe.each(['light', 'dark'] as const)('given the %s theme, with axe', (theme) => {
  async function violations(container: HTMLElement) {
    const results = await axe.run(container, { resultTypes: ['violations', 'incomplete'] });
    return {
      violations: results.violations.map((violation) => violation.id),
      // The open popup covers the buttons under it, whose contrast axe then cannot measure (the closed
      // form is audited in axe.browser.test.tsx): the undecided checks that count are the combobox's own.
      undecidedContrast: results.incomplete
        .filter((item) => item.id === 'color-contrast')
        .flatMap((item) => item.nodes.map((node) => node.target.join(' ')))
        .filter((target) => document.querySelector(target)?.closest('.mek-combobox')),
    };
  }

  test('the popup open with an active, a chosen and a hovered option; then no match: clean', async () => {
    await page.viewport(1024, 900);
    const container = mount(
      <ElicitationForm
        request={ask(
          { type: 'string', title: 'Site', description: 'Where it goes.', oneOf: sites, default: 'site-0002' },
          false,
        )}
        server={{ name: 'Axe' }}
        onRespond={vi.fn()}
        theme={theme}
      />,
    );
    await userEvent.click(site());
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await userEvent.hover(page.getByRole('option', { name: 'Site 0006' }));
    await expect.element(site()).toHaveAttribute('aria-activedescendant', expect.stringMatching(/__option-5$/));
    expect(await violations(container)).toEqual({ violations: [], undecidedContrast: [] });
    await userEvent.keyboard('zzz');
    await expect.element(page.getByRole('status')).toHaveTextContent('No options match the filter.');
    expect(await violations(container)).toEqual({ violations: [], undecidedContrast: [] });
  });
});

describe('given how the page is set up', () => {
  test('right to left: the popup opens under the box, aligned to its start (right) edge', async () => {
    open(ask({ type: 'string', title: 'Site', oneOf: sites }), 'rtl');
    await userEvent.click(site());
    const box = site().element().getBoundingClientRect();
    const popup = page.getByRole('listbox').element().getBoundingClientRect();
    const option = page.getByRole('option', { name: 'Site 0001' }).element();
    expect({
      right: Math.round(popup.right),
      below: popup.top >= box.bottom,
      textAlign: getComputedStyle(option).textAlign,
      direction: getComputedStyle(option).direction,
    }).toEqual({ right: Math.round(box.right), below: true, textAlign: 'start', direction: 'rtl' });
  });

  test('forced colours: the active option takes the system selection colours', async () => {
    await cdp().send('Emulation.setEmulatedMedia', { features: [{ name: 'forced-colors', value: 'active' }] });
    open(ask({ type: 'string', title: 'Site', oneOf: sites }));
    await userEvent.click(site());
    await userEvent.keyboard('{ArrowDown}');
    const active = page.getByRole('option', { name: 'Site 0001' }).element();
    await expect.element(site()).toHaveAttribute('aria-activedescendant', active.id);
    const style = getComputedStyle(active);
    expect([style.backgroundColor, style.color]).toEqual([systemColour('Highlight'), systemColour('HighlightText')]);
  });

  test('320 px: the open popup of long titles stays inside the window, which does not scroll sideways', async () => {
    await page.viewport(320, 700);
    const long = sites.map((option) => ({ ...option, title: `${option.title} ${'Warehouse'.repeat(12)}` }));
    open(ask({ type: 'string', title: 'Site', oneOf: long }));
    await userEvent.click(site());
    const popup = page.getByRole('listbox').element().getBoundingClientRect();
    expect({
      scrollWidth: document.documentElement.scrollWidth,
      inside: popup.left >= 0 && popup.right <= 320,
    }).toEqual({ scrollWidth: 320, inside: true });
    await page.viewport(1024, 900);
  });
});
