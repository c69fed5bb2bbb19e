// The combobox of a long single select (more than 50 options), in jsdom through ElicitationForm and a
// host's rjsf Form: where it takes over from the native select, the APG keys, the filter (case and
// accents ignored), the popup drawing only rows in view, and the exact ElicitResult for every variant.
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';

import { generateTheme, type PrimitiveSchemaDefinition } from '../../src/index.js';
import { toRjsf } from '../../src/core/index.js';
import { ask, renderForm } from './helpers.js';

/** Twenty countries, some with accents, sent as their ISO codes. */
const COUNTRIES = [
  ['AX', 'Åland Islands'],
  ['AT', 'Austria'],
  ['BE', 'Belgium'],
  ['CI', "Côte d'Ivoire"],
  ['CW', 'Curaçao'],
  ['DK', 'Denmark'],
  ['FR', 'France'],
  ['DE', 'Germany'],
  ['IS', 'Iceland'],
  ['IE', 'Ireland'],
  ['IT', 'Italy'],
  ['NL', 'Netherlands'],
  ['NO', 'Norway'],
  ['PL', 'Poland'],
  ['PT', 'Portugal'],
  ['RE', 'Réunion'],
  ['ES', 'Spain'],
  ['SE', 'Sweden'],
  ['CH', 'Switzerland'],
  ['TR', 'Türkiye'],
] as const;

/**
 * The countries, then 31 zones that no filter below matches: 51 options, one past the native select's
 * limit, so the select is a combobox.
 */
const titled = [
  ...COUNTRIES.map(([code, name]) => ({ const: code, title: name })),
  ...Array.from({ length: 31 }, (_, index) => ({ const: `Z${index}`, title: `Zone ${index + 1}` })),
];
const country = (extra: Partial<PrimitiveSchemaDefinition> = {}) =>
  ({ type: 'string', title: 'Country', oneOf: titled, ...extra }) as PrimitiveSchemaDefinition;

/** The titles of the options the popup draws now. */
function drawn(): string[] {
  return screen.queryAllByRole('option').map((option) => option.textContent ?? '');
}

describe('given single selects around the threshold', () => {
  test('50 options are a native select; 51 are a combobox with a popup listbox, closed and empty', () => {
    const options = (count: number) => titled.slice(0, count);
    const { unmount } = renderForm(ask({ type: 'string', title: 'Country', oneOf: options(50) }), 'Combobox test');
    expect(screen.getByRole('combobox', { name: 'Country' }).tagName).toBe('SELECT');
    unmount();
    renderForm(ask({ type: 'string', title: 'Country', oneOf: options(51) }), 'Combobox test');
    const box = screen.getByRole('combobox', { name: 'Country' });
    expect(box.tagName).toBe('INPUT');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-controls', `${box.id}__listbox`);
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(box).toHaveAttribute('placeholder', 'Choose…');
    // Nothing is drawn for the options while closed.
    expect(document.querySelectorAll('[role="option"]')).toHaveLength(0);
  });
});

describe('given a titled single select of 51 options', () => {
  test('typing filters titles without case or accents; Enter chooses the first match; its const is sent', async () => {
    const { user, accept, onRespond } = renderForm(ask(country(), true), 'Combobox test');
    const box = screen.getByRole('combobox', { name: 'Country' });
    await user.type(box, 'COTE');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(drawn()).toEqual(["Côte d'Ivoire"]);
    await user.clear(box);
    await user.type(box, 'cura');
    expect(drawn()).toEqual(['Curaçao']);
    await user.clear(box);
    await user.type(box, 'land');
    expect(drawn()).toEqual(['Åland Islands', 'Iceland', 'Ireland', 'Netherlands', 'Poland', 'Switzerland']);
    expect(box).toHaveAttribute('aria-activedescendant', `${box.id}__option-0`);
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('Ireland');
    expect(drawn()).toEqual([]);
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: 'IE' } }]]);
  });

  test('Down opens at the choice; Up, Down, Home, End move the active option; Enter chooses', async () => {
    const { user, accept, onRespond } = renderForm(ask(country({ default: 'DE' }), true), 'Combobox test');
    const box = screen.getByRole('combobox', { name: 'Country' });
    expect(box).toHaveValue('Germany');
    await user.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    // A click opens at the chosen option, active and marked selected.
    expect(box).toHaveAttribute('aria-activedescendant', `${box.id}__option-7`);
    expect(screen.getByRole('option', { selected: true })).toHaveTextContent('Germany');
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', `${box.id}__option-7`);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', `${box.id}__option-5`);
    await user.keyboard('{End}');
    expect(box).toHaveAttribute('aria-activedescendant', `${box.id}__option-50`);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', `${box.id}__option-50`);
    await user.keyboard('{Home}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', `${box.id}__option-1`);
    expect(screen.getByRole('option', { name: 'Austria' })).toHaveAttribute('id', `${box.id}__option-1`);
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Austria');
    // Closed, Enter is the form's: it accepts.
    await user.keyboard('{Enter}');
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: 'AT' } }]]);
    await accept();
    expect(onRespond).toHaveBeenCalledTimes(1);
  });

  test('Escape closes the popup, then drops the typed filter, and only then cancels the form', async () => {
    const { user, onRespond } = renderForm(ask(country({ default: 'FR' })), 'Combobox test');
    const box = screen.getByRole('combobox', { name: 'Country' });
    await user.type(box, '{Control>}a{/Control}sw');
    expect(drawn()).toEqual(['Sweden', 'Switzerland']);
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('sw');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('France');
    expect(onRespond).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'cancel' }]]);
  });

  test('Tab leaves without choosing: the typed filter goes, the choice stays', async () => {
    const { user, accept, onRespond } = renderForm(ask(country({ default: 'PL' })), 'Combobox test');
    const box = screen.getByRole('combobox', { name: 'Country' });
    await user.type(box, '{Control>}a{/Control}spa');
    expect(drawn()).toEqual(['Spain']);
    await user.tab();
    expect(box).not.toHaveFocus();
    expect(box).toHaveValue('Poland');
    expect(drawn()).toEqual([]);
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: 'PL' } }]]);
  });

  test('a filter that matches nothing says so in a live region and shows no popup', async () => {
    const { user } = renderForm(ask(country(), true), 'Combobox test');
    const box = screen.getByRole('combobox', { name: 'Country' });
    expect(screen.getByRole('status')).toHaveTextContent('');
    await user.type(box, 'atlantis');
    expect(screen.getByRole('status')).toHaveTextContent('No options match the filter.');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(drawn()).toEqual([]);
    // Enter with nothing to choose neither chooses nor submits.
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('atlantis');
    await user.keyboard('{Backspace>8/}');
    expect(screen.getByRole('status')).toHaveTextContent('');
    // Every option again, of which the rows in view are drawn.
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(drawn().slice(0, 2)).toEqual(['Åland Islands', 'Austria']);
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-setsize', '51');
  });

  test('a click on an option chooses it; the named clear button clears an optional choice, which is left out', async () => {
    const { user, accept, onRespond } = renderForm(ask(country()), 'Combobox test');
    const box = screen.getByRole('combobox', { name: 'Country' });
    expect(screen.queryByRole('button', { name: 'Clear choice' })).toBeNull();
    await user.click(box);
    await user.click(screen.getByRole('option', { name: 'Norway' }));
    expect(box).toHaveValue('Norway');
    expect(box).toHaveFocus();
    const clear = screen.getByRole('button', { name: 'Clear choice' });
    expect(clear).toHaveAccessibleDescription('Country');
    await user.click(clear);
    expect(box).toHaveValue('');
    expect(box).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Clear choice' })).toBeNull();
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: {} }]]);
  });

  test('a required select has no clear button; left empty, Accept names it', async () => {
    const { accept, onRespond } = renderForm(ask(country({ default: 'IT' }), true), 'Combobox test');
    expect(screen.queryByRole('button', { name: 'Clear choice' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveAttribute('aria-required', 'true');
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: 'IT' } }]]);
  });
});

describe('given the untitled and legacy variants', () => {
  test('untitled enum: the values are the titles, and the value is sent', async () => {
    const regions = Array.from({ length: 51 }, (_, index) => `region-${String(index + 1).padStart(2, '0')}`);
    const { user, accept, onRespond } = renderForm(
      ask({ type: 'string', title: 'Region', enum: regions }, true),
      'Combobox test',
    );
    await user.type(screen.getByRole('combobox', { name: 'Region' }), '-17{Enter}');
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: 'region-17' } }]]);
  });

  test('legacy enumNames: the names are the titles, the enum value is sent', async () => {
    const values = Array.from({ length: 51 }, (_, index) => `tz-${index}`);
    const names = values.map((_, index) => `Zone number ${index}`);
    const { user, accept, onRespond } = renderForm(
      ask({ type: 'string', title: 'Zone', enum: values, enumNames: names } as PrimitiveSchemaDefinition, true),
      'Combobox test',
    );
    const box = screen.getByRole('combobox', { name: 'Zone' });
    await user.type(box, 'number 16');
    expect(drawn()).toEqual(['Zone number 16']);
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Zone number 16');
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: 'tz-16' } }]]);
  });
});

describe('given 100,000 options', () => {
  const many = Array.from({ length: 100_000 }, (_, index) => ({ const: `v${index}`, title: `Option ${index}` }));

  test('the popup draws only the rows in view and a few more; End reaches the last, a filter finds any', async () => {
    const { user, accept, onRespond } = renderForm(
      ask({ type: 'string', title: 'Site', oneOf: many }, true),
      'Combobox test',
    );
    // A form of 10,000 options or more reads them over several tasks first.
    const box = await screen.findByRole('combobox', { name: 'Site' }, { timeout: 10_000 });
    await user.click(box);
    // jsdom lays nothing out: the 18rem popup of 2rem rows (9 rows) and 8 more below.
    expect(drawn()).toEqual(Array.from({ length: 17 }, (_, index) => `Option ${index}`));
    const listbox = screen.getByRole('listbox', { name: 'Site' });
    expect(within(listbox).getAllByRole('option')[0]).toHaveAttribute('aria-setsize', '100000');
    await user.keyboard('{End}');
    expect(box).toHaveAttribute('aria-activedescendant', `${box.id}__option-99999`);
    expect(screen.getByRole('option', { name: 'Option 99999' })).toHaveAttribute('aria-posinset', '100000');
    expect(drawn()).toHaveLength(17);
    await user.keyboard('{Escape}{Control>}a{/Control}option 4242');
    expect(drawn()).toEqual(['Option 4242', ...Array.from({ length: 10 }, (_, index) => `Option 4242${index}`)]);
    await user.keyboard('{Enter}');
    await accept();
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { f: 'v4242' } }]]);
  });
});

describe("given a host's rjsf Form (generateTheme)", () => {
  test('the combobox holds the form data of the chosen option; the hidden input carries its index', async () => {
    const user = userEvent.setup({ delay: null });
    const onChange = vi.fn();
    const { schema, uiSchema } = toRjsf(ask({ type: 'string', title: 'Country', oneOf: titled }).requestedSchema);
    const { container } = render(
      <Form
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        onChange={(event) => onChange(event.formData)}
        {...generateTheme()}
      />,
    );
    await user.type(screen.getByRole('combobox', { name: 'Country' }), 'réu{Enter}');
    expect(onChange.mock.calls.at(-1)).toStrictEqual([{ f: 'RE' }]);
    expect(container.querySelector('input[type="hidden"][name="root_f"]')).toHaveValue('15');
  });
});
