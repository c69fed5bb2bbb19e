// A titled multi-select with 2,000 options in real Chromium, by keyboard only: the filter finds
// options by their title, Tab reaches the matches, Space ticks them, and the answer lists the
// chosen values in option order, not in the order they were ticked.
import { describe, expect, onTestFinished, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import { ElicitationForm, type ElicitRequestFormParams, type TitledOption } from '../../src/index.js';
import { armed, mount } from './mount.js';

/** "Part 0001" … "Part 2000", sent as "part-0001" … "part-2000". */
const parts: TitledOption[] = Array.from({ length: 2000 }, (_, index) => {
  const number = String(index + 1).padStart(4, '0');
  return { const: `part-${number}`, title: `Part ${number}` };
});

const reorder: ElicitRequestFormParams = {
  message: 'Which spare parts should be reordered?',
  requestedSchema: {
    type: 'object',
    properties: { parts: { type: 'array', title: 'Spare parts', items: { anyOf: parts }, minItems: 1, maxItems: 10 } },
    required: ['parts'],
  },
};

describe('given a titled multi-select with 2,000 options', () => {
  test('filter, Tab, Space, twice; Escape clears the filter first; the answer is in option order', async () => {
    const onRespond = vi.fn();
    mount(<ElicitationForm request={reorder} server={{ name: 'Stock bot' }} onRespond={onRespond} />);
    await expect
      .element(page.getByRole('group', { name: 'Spare parts' }))
      .toHaveAccessibleDescription('Choose 1–10 options');
    (document.activeElement as HTMLElement | null)?.blur();

    await userEvent.keyboard('{Tab}');
    const filter = page.getByRole('searchbox', { name: 'Filter Spare parts' });
    await expect.element(filter).toHaveFocus();
    await userEvent.keyboard('Part 1999');
    expect(
      page
        .getByRole('checkbox')
        .elements()
        .map((box) => (box as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['Part 1999']);
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('checkbox', { name: 'Part 1999' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect.element(page.getByRole('checkbox', { name: 'Part 1999' })).toBeChecked();

    // Back to the filter: the first Escape empties it (every option is shown again, the tick kept);
    // the form is not cancelled.
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}{Escape}');
    await expect.element(filter).toHaveValue('');
    // Every option is shown again; the list draws the rows in view (and its first and last options).
    const boxes = page.getByRole('checkbox').elements() as HTMLInputElement[];
    expect([boxes[0], boxes.at(-1)].map((box) => box?.labels?.[0]?.textContent)).toEqual(['Part 0001', 'Part 2000']);
    await expect.element(page.getByRole('checkbox', { name: 'Part 1999' })).toBeChecked();
    expect(onRespond).not.toHaveBeenCalled();

    await userEvent.keyboard('0042{Tab} ');
    await expect.element(page.getByRole('checkbox', { name: 'Part 0042' })).toBeChecked();
    await expect.element(page.getByRole('status')).toHaveTextContent(/^2 of 10 selected$/);
    // Enter in the filter does not submit; from the last visible option, Tab reaches Accept.
    await userEvent.keyboard('{Shift>}{Tab}{/Shift}{Enter}');
    expect(onRespond).not.toHaveBeenCalled();
    await userEvent.keyboard('{Tab}{Tab}');
    await expect.element(page.getByRole('button', { name: 'Accept' })).toHaveFocus();
    // A person is slower than Accept's arming time; on an idle machine these keys came within it.
    await armed();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    expect(onRespond.mock.calls).toStrictEqual([
      [{ action: 'accept', content: { parts: ['part-0042', 'part-1999'] } }],
    ]);
  });

  test('a filter that matches nothing says so; the second Escape cancels the form', async () => {
    const onRespond = vi.fn();
    mount(<ElicitationForm request={reorder} server={{ name: 'Stock bot' }} onRespond={onRespond} />);
    (document.activeElement as HTMLElement | null)?.blur();
    await userEvent.keyboard('{Tab}gasket');
    await expect.element(page.getByText('No options match the filter.')).toBeVisible();
    expect(page.getByRole('checkbox').elements()).toEqual([]);
    await userEvent.keyboard('{Escape}');
    expect(onRespond).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'cancel' }]]);
  });
});

describe('given a root font of 20px instead of 16px', () => {
  test('the list measures its rows as laid out (35px, not 28): scrolled to row 1,000, it draws the rows in view', async () => {
    document.documentElement.style.fontSize = '20px';
    onTestFinished(() => {
      document.documentElement.style.fontSize = '';
    });
    mount(<ElicitationForm request={reorder} server={{ name: 'Stock bot' }} onRespond={vi.fn()} />);
    const first = page.getByRole('checkbox', { name: 'Part 0001' }).element().parentElement as HTMLElement;
    const row = first.getBoundingClientRect().height;
    expect(row).toBe(35);
    (first.parentElement as HTMLElement).scrollTop = row * 1000;
    await expect.element(page.getByRole('checkbox', { name: 'Part 1001' })).toBeInViewport();
    await expect.element(page.getByRole('checkbox', { name: 'Part 1009' })).toBeInViewport();
  });
});
