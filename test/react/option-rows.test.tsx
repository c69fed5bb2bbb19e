// What one option row costs: its DOM nodes and the React fibers kept for it. A prompt keeps both for as long
// as it is shown, once per option, so a wrapper component or element per row multiplies (bench/README.md,
// "Memory"). The fibers are read from React DOM's own link on each node (`__reactFiber$…`, React 19).
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';

import { ask, renderForm, titledMultiSelect, titledSelect } from './helpers.js';

interface Fiber {
  child: Fiber | null;
  sibling: Fiber | null;
}

/** React's fiber of a DOM node. */
function fiberOf(node: Node): Fiber {
  const key = Object.keys(node).find((name) => name.startsWith('__reactFiber$'));
  if (key === undefined) throw new Error('not drawn by React DOM');
  return (node as unknown as Record<string, Fiber>)[key]!;
}

/** React's props of a DOM element, as last committed. */
function propsOf(node: Node): unknown {
  const key = Object.keys(node).find((name) => name.startsWith('__reactProps$'));
  if (key === undefined) throw new Error('not drawn by React DOM');
  return (node as unknown as Record<string, unknown>)[key];
}

/** The fibers under `node`'s own (components, elements and text), not counting its own. */
function fibersUnder(node: Node): number {
  let count = 0;
  const visit = (fiber: Fiber) => {
    for (let child = fiber.child; child !== null; child = child.sibling) {
      count += 1;
      visit(child);
    }
  };
  visit(fiberOf(node));
  return count;
}

/** A row's child nodes: an element's tag (and its text), a text node's text. */
function shape(row: Element): string[] {
  return [...row.childNodes].map((node) =>
    node.nodeType === Node.TEXT_NODE ? `"${node.textContent ?? ''}"` : `${node.nodeName} ${node.textContent ?? ''}`,
  );
}

const titles = (count: number) => Array.from({ length: count }, (_, index) => `Option ${String(index + 1)}`);

function titledMulti(count: number) {
  return ask({
    type: 'array',
    title: 'Items',
    items: { anyOf: titles(count).map((title, index) => ({ const: `opt-${String(index)}`, title })) },
  });
}

describe('given a multi-select of 50 plain titles', () => {
  test('each row is its label, holding the checkbox and the title as one text node', () => {
    renderForm(titledMulti(50), 'Demo');
    const rows = within(screen.getByRole('group', { name: 'Items' }))
      .getAllByRole('checkbox')
      .map((box) => box.parentElement!);
    expect(rows.map((row) => row.nodeName)).toEqual(Array(50).fill('LABEL'));
    expect(rows.map(shape)).toEqual(titles(50).map((title) => ['INPUT ', `"${title}"`]));
  });

  test('React keeps three fibers a row (label, checkbox, text), no component of its own', () => {
    renderForm(titledMulti(50), 'Demo');
    const list = screen.getByRole('checkbox', { name: 'Option 1' }).parentElement!.parentElement!;
    expect(list.children).toHaveLength(50);
    expect(fibersUnder(list)).toBe(3 * 50);
  });

  test('a tick redraws the ticked row only: the other rows keep the props React committed', async () => {
    const { user } = renderForm(titledMulti(50), 'Demo');
    const rows = within(screen.getByRole('group', { name: 'Items' }))
      .getAllByRole('checkbox')
      .map((box) => box.parentElement!);
    const before = rows.map(propsOf);
    await user.click(screen.getByRole('checkbox', { name: 'Option 3' }));
    expect(screen.getByRole('checkbox', { name: 'Option 3' })).toBeChecked();
    expect(rows.map((row, index) => propsOf(row) === before[index])).toEqual(
      Array.from({ length: 50 }, (_, index) => index !== 2),
    );
  });
});

describe('given a multi-select whose titles need more than plain text', () => {
  test('a look-alike title keeps its value note, a hidden character its isolate, in the same row', () => {
    renderForm(
      titledMultiSelect([
        ['a', 'One'],
        ['b', 'Οne'],
        ['c', 'Two\u202e'],
        ['d', 'Three'],
      ]),
      'Demo',
    );
    const rows = within(screen.getByRole('group', { name: 'Tags' }))
      .getAllByRole('checkbox')
      .map((box) => box.parentElement!);
    expect(rows.map(shape)).toEqual([
      ['INPUT ', '"One"', '" "', 'SPAN (sends "a")'],
      ['INPUT ', 'BDI Οne', '" "', 'SPAN (sends "b")'],
      ['INPUT ', 'BDI Two<U+202E>', '" "', 'SPAN (sends "c")'],
      ['INPUT ', '"Three"'],
    ]);
  });
});

describe('given a radio group of plain titles', () => {
  test.each([
    ['radios', 5],
    ['segments', 2],
  ])('%s: each row is its label, holding the radio and the title as one text node', (_name, count) => {
    renderForm(titledSelect(titles(count), 'Item'), 'Demo');
    const group = screen.getByRole('radiogroup', { name: 'Item' });
    const rows = within(group)
      .getAllByRole('radio')
      .map((radio) => radio.parentElement!);
    expect(rows.map(shape)).toEqual(titles(count).map((title) => ['INPUT ', `"${title}"`]));
    expect(fibersUnder(group)).toBe(3 * count);
  });

  test('a look-alike title and its value are one element, the row’s isolate', () => {
    renderForm(titledSelect(['Yes', 'Yes', 'No'], 'Item'), 'Demo');
    const rows = within(screen.getByRole('radiogroup', { name: 'Item' }))
      .getAllByRole('radio')
      .map((radio) => radio.parentElement!);
    expect(rows.map(shape)).toEqual([
      ['INPUT ', 'SPAN Yes (sends "v0")'],
      ['INPUT ', 'SPAN Yes (sends "v1")'],
      ['INPUT ', '"No"'],
    ]);
  });
});

describe('given a combobox of 60 titles, open', () => {
  test('each drawn row is the option holding its title as its own text: one fiber under it, no component', async () => {
    const { user } = renderForm(titledSelect([...titles(58), 'Twin', 'Twin'], 'Item'), 'Demo');
    const box = screen.getByRole('combobox', { name: 'Item' });
    await user.click(box);
    const rows = screen.getAllByRole('option');
    expect(rows.slice(0, 3).map(shape)).toEqual(titles(3).map((title) => [`"${title}"`]));
    expect(rows.slice(0, 3).map(fibersUnder)).toEqual([1, 1, 1]);
    // A look-alike title keeps its value note after it, in the same row.
    await user.keyboard('Twin');
    expect(screen.getAllByRole('option').map(shape)).toEqual([
      ['"Twin"', '" "', 'SPAN (sends "v58")'],
      ['"Twin"', '" "', 'SPAN (sends "v59")'],
    ]);
  });
});
