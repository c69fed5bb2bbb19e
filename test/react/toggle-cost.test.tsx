/**
 * What a choice in a long list costs the page beside React's render: the layout it reads. Reading a size or
 * an offset (`offsetHeight`, `clientHeight`, `scrollTop`) while React commits makes the browser lay the page
 * out inside the click; the windowed lists measure their rows once the browser has laid them out instead
 * (bench/README.md, "5,000-option toggles"). jsdom lays nothing out, so each read is counted, not timed.
 */
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

import { ask, renderForm } from './helpers.js';

/** React's props of a DOM element, as last committed: a new object each time its component renders it. */
function propsOf(node: Node): unknown {
  const key = Object.keys(node).find((name) => name.startsWith('__reactProps$'));
  if (key === undefined) throw new Error('not drawn by React DOM');
  return (node as unknown as Record<string, unknown>)[key];
}

const options = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    const: `opt-${String(index)}`,
    title: `Option ${String(index + 1)}`,
  }));

/** How often each layout-reading property was read (or `scrollTop` written) since `beforeEach`. */
const reads = { offsetHeight: 0, clientHeight: 0, scrollTop: 0 };

beforeEach(() => {
  reads.offsetHeight = 0;
  reads.clientHeight = 0;
  reads.scrollTop = 0;
  const count = (name: keyof typeof reads) => () => {
    reads[name] += 1;
    return 0;
  };
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(count('offsetHeight'));
  vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(count('clientHeight'));
  vi.spyOn(Element.prototype, 'scrollTop', 'get').mockImplementation(count('scrollTop'));
  vi.spyOn(Element.prototype, 'scrollTop', 'set').mockImplementation(count('scrollTop'));
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('given a multi-select of 1,000 options, 10 of them ticked', () => {
  test('mounting it and ticking, then unticking an option read no layout', () => {
    const ticked = options(1000)
      .filter((_, index) => index % 100 === 0)
      .map((option) => option.const);
    renderForm(ask({ type: 'array', title: 'Items', items: { anyOf: options(1000) }, default: ticked }), 'Bench');
    const box = within(screen.getByRole('group', { name: 'Items' })).getByRole('checkbox', { name: 'Option 3' });
    act(() => box.click());
    act(() => box.click());
    expect(box).not.toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('10 selected');
    expect(reads).toEqual({ offsetHeight: 0, clientHeight: 0, scrollTop: 0 });
  });
});

describe('given a single select of 1,000 options (a combobox), one chosen', () => {
  test('a click to open and a click on an option in view read no layout', () => {
    renderForm(ask({ type: 'string', title: 'Item', oneOf: options(1000), default: 'opt-0' }), 'Bench');
    const box = screen.getByRole('combobox', { name: 'Item' });
    for (const pick of ['Option 3', 'Option 4']) {
      act(() => box.click());
      expect(box).toHaveAttribute('aria-expanded', 'true');
      act(() => screen.getByRole('option', { name: pick }).click());
      expect(box).toHaveValue(pick);
    }
    expect(screen.queryAllByRole('option')).toEqual([]);
    expect(reads).toEqual({ offsetHeight: 0, clientHeight: 0, scrollTop: 0 });
  });
});

describe('given a prompt of one multi-select of 5 options', () => {
  test('a tick redraws the list and its count, not the prompt: its message, buttons and form body keep their committed props', () => {
    renderForm(ask({ type: 'array', title: 'Items', items: { anyOf: options(5) } }), 'Bench');
    // The message and the buttons (the prompt's frame), and the form body around the field (its Enter handler).
    const prompt = () => [
      screen.getByText('Please answer'),
      ...['Accept', 'Decline', 'Cancel'].map((name) => screen.getByRole('button', { name })),
      screen.getByRole('group', { name: 'Items' }).parentElement!.parentElement!.parentElement!,
    ];
    const before = prompt().map(propsOf);
    const box = screen.getByRole('checkbox', { name: 'Option 2' });
    const boxProps = propsOf(box);
    act(() => box.click());
    expect(box).toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('1 selected');
    expect(propsOf(box)).not.toBe(boxProps);
    expect(prompt().map((node, index) => propsOf(node) === before[index])).toEqual([true, true, true, true, true]);
  });
});

describe('given a multi-select of 15 options (a filter box above them)', () => {
  test('a tick leaves the filter box as it was committed: React sets nothing on it', () => {
    renderForm(ask({ type: 'array', title: 'Items', items: { anyOf: options(15) } }), 'Bench');
    const filter = screen.getByRole('searchbox', { name: 'Filter Items' });
    const filterProps = propsOf(filter);
    act(() => screen.getByRole('checkbox', { name: 'Option 3' }).click());
    expect(screen.getByRole('status')).toHaveTextContent('1 selected');
    expect(propsOf(filter)).toBe(filterProps);
  });
});
