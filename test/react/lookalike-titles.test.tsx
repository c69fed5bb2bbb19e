// Server text in a form as a person must read it: titles, descriptions and option titles with their hidden
// characters written out, isolated and noted; options that look the same show the value each sends.
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';

import { ask, renderForm, titledMultiSelect, titledSelect } from './helpers.js';

describe('given options whose titles look the same', () => {
  test.each([
    ['identical', ['Yes', 'Yes', 'No'], ['Yes (sends "v0")', 'Yes (sends "v1")', 'No']],
    ['a zero-width space', ['Yes', 'Ye\u200bs', 'No'], ['Yes (sends "v0")', 'Ye<U+200B>s (sends "v1")', 'No']],
    [
      'a no-break space',
      ['Pay now', 'Pay\u00a0now', 'No'],
      ['Pay now (sends "v0")', 'Pay\u00a0now (sends "v1")', 'No'],
    ],
    ['a right-to-left override', ['abc', '\u202ecba', 'No'], ['abc', '<U+202E>cba (sends "v1")', 'No']],
    ['a Cyrillic homoglyph', ['Yes', 'Y\u0435s', 'No'], ['Yes (sends "v0")', 'Y\u0435s (sends "v1")', 'No']],
  ])('%s: each radio is named with the value it sends', (_name, titles, names) => {
    renderForm(titledSelect(titles), 'Demo');
    const group = screen.getByRole('radiogroup', { name: 'Plan' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('aria-label') ?? labelOf(radio)),
    ).toEqual(names);
  });

  test('a reversed title is isolated (bdi) and its override written out, not applied', () => {
    const { container } = renderForm(titledSelect(['abc', '\u202ecba']), 'Demo');
    expect(container.textContent).not.toContain('\u202e');
    const bdi = [...container.querySelectorAll('bdi')].map((element) => element.textContent);
    expect(bdi).toContain('<U+202E>cba');
  });

  test('in a multi-select, the look-alike options show their values', () => {
    renderForm(
      titledMultiSelect([
        ['a', 'One'],
        ['b', 'Οne'],
      ]),
      'Demo',
    );
    const group = screen.getByRole('group', { name: 'Tags' });
    expect(within(group).getAllByRole('checkbox').map(labelOf)).toEqual(['One (sends "a")', 'Οne (sends "b")']);
  });

  test('in a drop-down (8 to 50 options), the look-alike options show their values', () => {
    const titles = ['Yes', 'Y\u0435s', 'C', 'D', 'E', 'F', 'G', 'H'];
    renderForm(titledSelect(titles), 'Demo');
    const select = screen.getByRole('combobox', { name: 'Plan' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', 'Yes (sends "v0")', '\u2068Y\u0435s\u2069 (sends "v1")', 'C', 'D', 'E', 'F', 'G', 'H']);
  });
});

describe('given a long select (a combobox, more than 50 options)', () => {
  test('its look-alike options show their values in the popup, its title is revealed', async () => {
    const titles = [
      'Yes',
      'Y\u0435s',
      // 49 plans: "Plan 2" … "Plan 50", none alike (UTS #39 reads 0 as O and 1 as l, one way each).
      ...Array.from({ length: 49 }, (_, index) => `Plan ${index + 2}`),
    ];
    const { user } = renderForm(
      ask({
        type: 'string',
        title: 'Pick \u202eone',
        oneOf: titles.map((title, index) => ({ const: `v${String(index)}`, title })),
      }),
      'Demo',
    );
    const box = await screen.findByRole('combobox', { name: 'Pick <U+202E>one' });
    await user.click(box);
    expect(
      screen
        .getAllByRole('option')
        .slice(0, 3)
        .map((option) => option.textContent),
    ).toEqual(['Yes (sends "v0")', 'Y\u0435s (sends "v1")', 'Plan 2']);
  });
});

describe('given a field title or description with hidden characters', () => {
  test('they are written out, isolated, and noted under the field', () => {
    const { container } = renderForm(
      ask({ type: 'string', title: 'Card \u202e4321', description: 'Your\u200b code' }),
      'Demo',
    );
    expect(screen.getByRole('textbox', { name: 'Card <U+202E>4321' })).toHaveAccessibleDescription('Your<U+200B> code');
    expect(container.textContent).not.toMatch(/[\u202e\u200b]/);
    expect(
      screen.getByText(
        'This text contains invisible or direction-changing characters, written out as <U+202E>, <U+200B>.',
      ),
    ).toBeInTheDocument();
  });

  test('a plain title has no note', () => {
    renderForm(ask({ type: 'string', title: 'Name', description: 'Your name' }), 'Demo');
    expect(screen.queryByText(/invisible or direction-changing/)).toBeNull();
  });
});

/** The text of the label that holds a control. */
function labelOf(control: HTMLElement): string {
  return control.closest('label')?.textContent ?? '';
}
