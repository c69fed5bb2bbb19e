// The default look's markup: segments for a few short options, chips for the chosen items of a long
// multi-select, and the density prop. Driven as a person would (roles, names, userEvent), with the exact
// ElicitResult asserted; how it is drawn is Chromium's part (test/browser/keyboard.browser.test.tsx).
import { render, screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';

import { ElicitationForm, ElicitationHost, type ElicitRequestFormParams } from '../../src/index.js';
import { createElicitationQueue } from '../../src/core/index.js';
import { ToolCallForm, ToolResultView } from '../../src/react/tools/index.js';
import { ask, renderForm, violations } from './helpers.js';

/** The class names of a radio group's option container, which decide how it is drawn. */
function groupClass(name: string): string {
  return screen.getByRole('radiogroup', { name }).className;
}

const titled = (labels: readonly string[]) => labels.map((title, index) => ({ const: `v${index}`, title }));

describe('given a single select of a few short options', () => {
  test('2 to 4 options of at most 16 characters are segments; more options, a longer label or one option are not', () => {
    const cases = {
      two: ['Yes', 'No'],
      four: ['Rolling update', 'Blue/green', 'Canary (5%)', 'Recreate'],
      sixteen: ['abcdefghijklmnop', 'b'],
      five: ['a', 'b', 'c', 'd', 'e'],
      seventeen: ['abcdefghijklmnopq', 'b'],
      one: ['Only'],
    };
    const request: ElicitRequestFormParams = {
      message: 'Pick',
      requestedSchema: {
        type: 'object',
        properties: Object.fromEntries(
          Object.entries(cases).map(([key, labels]) => [key, { type: 'string', title: key, oneOf: titled(labels) }]),
        ),
      },
    };
    renderForm(request, 'Look test');
    expect(Object.keys(cases).map((name) => [name, groupClass(name)])).toStrictEqual([
      ['two', 'mek-options mek-segments'],
      ['four', 'mek-options mek-segments'],
      ['sixteen', 'mek-options mek-segments'],
      ['five', 'mek-options'],
      ['seventeen', 'mek-options'],
      ['one', 'mek-options'],
    ]);
  });

  test('the segments are still one native radio group: one name, arrows move and choose, the value is sent', async () => {
    const { user, accept, onRespond } = renderForm(
      ask({ type: 'string', title: 'Strategy', oneOf: titled(['Rolling', 'Blue/green', 'Canary']) }, true),
      'Look test',
    );
    const radios = within(screen.getByRole('radiogroup', { name: 'Strategy' })).getAllByRole('radio');
    const name = radios[0]?.getAttribute('name');
    expect([
      typeof name,
      radios.map((radio) => [radio.getAttribute('name') === name, radio.getAttribute('type')]),
    ]).toStrictEqual([
      'string',
      [
        [true, 'radio'],
        [true, 'radio'],
        [true, 'radio'],
      ],
    ]);
    await user.click(screen.getByRole('radio', { name: 'Rolling' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: 'Blue/green' })).toBeChecked();
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: 'v1' } }]]);
  });
});

describe('given a long multi-select (a filterable list)', () => {
  const anyOf = Array.from({ length: 20 }, (_, index) => ({ const: `c${index}`, title: `Country ${index}` }));
  const request = (chosen?: string[]) =>
    ask({ type: 'array', title: 'Countries', items: { anyOf }, ...(chosen && { default: chosen }) }, true);

  /** The chips' accessible names and texts, as shown. */
  function chips(container: HTMLElement) {
    return [...container.querySelectorAll('.mek-chip')].map((chip) => [
      chip.getAttribute('aria-label'),
      chip.textContent,
    ]);
  }

  test('no chips until something is chosen; then one per chosen item, in option order, named "Remove <title>"', async () => {
    const { container, user } = renderForm(request(), 'Look test');
    expect(container.querySelector('.mek-chips')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Country 12' }));
    await user.click(screen.getByRole('checkbox', { name: 'Country 3' }));
    expect(chips(container)).toStrictEqual([
      ['Remove Country 3', 'Country 3'],
      ['Remove Country 12', 'Country 12'],
    ]);
    expect(await violations(container)).toStrictEqual([]);
  });

  test('chips of a default given out of order are in option order too', () => {
    const { container } = renderForm(request(['c9', 'c1']), 'Look test');
    expect(chips(container)).toStrictEqual([
      ['Remove Country 1', 'Country 1'],
      ['Remove Country 9', 'Country 9'],
    ]);
  });

  test('a chip unticks its option; the focus moves to the next chip, the previous, then the filter box', async () => {
    const { user, accept, onRespond } = renderForm(request(['c1', 'c5', 'c9']), 'Look test');
    await user.click(screen.getByRole('button', { name: 'Remove Country 5' }));
    expect(screen.getByRole('checkbox', { name: 'Country 5' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Remove Country 9' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Remove Country 9' }));
    expect(screen.getByRole('button', { name: 'Remove Country 1' })).toHaveFocus();
    await user.click(screen.getByRole('checkbox', { name: 'Country 7' }));
    await user.click(screen.getByRole('button', { name: 'Remove Country 1' }));
    await user.click(screen.getByRole('button', { name: 'Remove Country 7' }));
    expect(screen.getByRole('searchbox', { name: 'Filter Countries' })).toHaveFocus();
    await user.click(screen.getByRole('checkbox', { name: 'Country 2' }));
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: ['c2'] } }]]);
  });

  test('a short multi-select (no filter) draws no chips: its few boxes show the choice at a glance', async () => {
    const { container, user } = renderForm(
      ask({ type: 'array', title: 'Platforms', items: { anyOf: anyOf.slice(0, 5) } }, true),
      'Look test',
    );
    await user.click(screen.getByRole('checkbox', { name: 'Country 1' }));
    expect(container.querySelector('.mek-chips')).toBeNull();
  });

  test('once answered, the chips are disabled with the rest of the form', async () => {
    const { accept } = renderForm(request(['c4']), 'Look test');
    await accept();
    expect(screen.getByRole('button', { name: 'Remove Country 4' })).toBeDisabled();
  });

  test('a translated name: labels.removeChoice', () => {
    render(
      <ElicitationForm
        request={request(['c4'])}
        server={{ name: 'Look test' }}
        labels={{ removeChoice: (option) => `${option} entfernen` }}
        onRespond={vi.fn()}
      />,
    );
    expect(screen.getByRole('button', { name: 'Country 4 entfernen' })).toBeInTheDocument();
  });
});

describe('given the density prop', () => {
  const request = ask({ type: 'string', title: 'Name' }, true);
  const tool = { name: 'echo', inputSchema: { type: 'object' as const } };

  test('each root that takes theme carries data-density when given, nothing when not', () => {
    const roots = [
      <ElicitationForm key="form" request={request} server={{ name: 'S' }} onRespond={vi.fn()} density="compact" />,
      <ElicitationForm key="plain" request={request} server={{ name: 'S' }} onRespond={vi.fn()} />,
      <ElicitationHost key="host" queue={createElicitationQueue()} density="compact" />,
      <ToolCallForm key="tool" tool={tool} onSubmit={vi.fn()} density="comfortable" />,
      <ToolResultView key="result" tool={tool} result={{ content: [] }} density="compact" />,
    ];
    const seen = roots.map((root) => {
      const { container, unmount } = render(root);
      const density = container.querySelector('.mek-root')?.getAttribute('data-density');
      unmount();
      return density;
    });
    expect(seen).toStrictEqual(['compact', null, 'compact', 'comfortable', 'compact']);
  });
});
