// Every valid fixture, answered through the UI as a person would (clicking labels, typing text),
// must give `onRespond` exactly the fixture's `result`. The enum variants are also completed with
// the keyboard alone. Local date-times in the fixtures are read in Asia/Kolkata, the zone this
// project runs in (vitest.config.ts).
import Form from '@rjsf/core';
import validator from '@rjsf/validator-ajv8';
import { render, screen, within } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';

import type { ElicitContent, ElicitResult, Field } from '../../src/index.js';
import { ElicitationForm, generateTheme } from '../../src/index.js';
import { toRjsf } from '../../src/core/index.js';
import { isMalformed, loadFixtures, type FixtureAnswer, type ValidFixture } from '../fixtures/index.js';

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const ENUM_VARIANTS = new Set(['untitled-single', 'titled-single', 'legacy-titled', 'untitled-multi', 'titled-multi']);

/** `Label` or `Label *` (the visible required mark is part of the label's text content). */
function labelText(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
}

/** user-event reads `{` and `[` as key descriptors; doubled, they are typed as themselves. */
function typed(text: string): string {
  return text.replace(/[{[]/g, (bracket) => bracket + bracket);
}

interface Case {
  title: string;
  variant: string;
  fixture: ValidFixture;
  answer: FixtureAnswer & { result: ElicitResult };
  /** Why the answer cannot be entered through the UI; `undefined` when it can. */
  skip: string | undefined;
}

/**
 * Why an answer cannot be entered through the UI, or `undefined` when it can. Keys of the draft
 * that are not fields (stray keys core drops) need no entering: the UI simply has no such field.
 */
function unenterable(fixture: ValidFixture, answer: FixtureAnswer): string | undefined {
  for (const field of fixture.fields) {
    const from = Object.prototype.hasOwnProperty.call(fixture.initialDraft, field.key)
      ? fixture.initialDraft[field.key]
      : undefined;
    const to = Object.prototype.hasOwnProperty.call(answer.draft, field.key) ? answer.draft[field.key] : undefined;
    if (JSON.stringify(from) === JSON.stringify(to)) continue;
    switch (field.kind) {
      case 'text':
        if (to !== undefined && typeof to !== 'string')
          return `${field.key}: a ${typeof to} cannot be typed into a text box`;
        // The date-time picker yields local time only; a value with an offset can only be a default.
        if (field.format === 'date-time' && typeof to === 'string' && to !== '' && !LOCAL_DATE_TIME.test(to)) {
          return `${field.key}: ${to} carries an offset, which a local date-time picker cannot produce`;
        }
        break;
      case 'number':
        if (to !== undefined && typeof to !== 'string' && typeof to !== 'number')
          return `${field.key}: not a number or text`;
        break;
      case 'boolean':
        if (typeof to !== 'boolean') return `${field.key}: a checkbox cannot be put back to "never answered"`;
        break;
      case 'single-select':
        if (to !== undefined && !field.options.some((option) => option.value === to))
          return `${field.key}: not one of the options`;
        break;
      case 'multi-select':
        if (
          to !== undefined &&
          (!Array.isArray(to) || to.some((value) => !field.options.some((option) => option.value === value)))
        ) {
          return `${field.key}: not a list of options`;
        }
        break;
      case 'file':
        // Files come from the picker (setInputFiles, userEvent.upload): test/react/file-field.test.tsx.
        if (to !== undefined) return `${field.key}: a file is chosen with the picker, not typed`;
        break;
      default:
        return field satisfies never;
    }
  }
  return undefined;
}

const cases: Case[] = loadFixtures().flatMap(({ variant, name, fixture }) =>
  isMalformed(fixture)
    ? []
    : fixture.answers
        .filter((answer): answer is Case['answer'] => answer.result !== undefined)
        .map((answer) => ({
          title: `${variant}/${name}: ${answer.name}`,
          variant,
          fixture,
          answer,
          skip: unenterable(fixture, answer),
        })),
);
const enterable = cases.filter((entry) => entry.skip === undefined);
/**
 * Answers no widget can produce (a date-time that already carries an offset can only be a default;
 * the picker yields local time). Pinned by name below, so a new one cannot slip in unseen.
 */
const notEnterable = cases.filter((entry) => entry.skip !== undefined);

/** The control of a text-like field: by role where the input has one, by its label otherwise. */
function textControl(field: Field): HTMLInputElement {
  if (field.kind === 'text' && (field.format === 'date' || field.format === 'date-time')) {
    return screen.getByLabelText(labelText(field.label)) as HTMLInputElement;
  }
  return screen.getByRole('textbox', { name: field.label }) as HTMLInputElement;
}

/** Changes one field from `from` to `to` with pointer and typing. */
async function enterWithPointer(user: UserEvent, field: Field, from: unknown, to: unknown): Promise<void> {
  switch (field.kind) {
    case 'text':
    case 'number': {
      const input = textControl(field);
      await user.clear(input);
      const text = to === undefined ? '' : String(to);
      if (text !== '') await user.type(input, typed(text));
      return;
    }
    case 'boolean': {
      const box = screen.getByRole('checkbox', { name: field.label });
      // An optional box never touched is "no answer": false needs a tick and an untick.
      if (from === undefined && to === false) await user.click(box);
      if ((box as HTMLInputElement).checked !== to) await user.click(box);
      return;
    }
    case 'single-select': {
      if (to === undefined) {
        await user.click(screen.getByRole('button', { name: 'Clear choice' }));
        return;
      }
      const label = field.options.find((option) => option.value === to)?.label ?? '';
      await user.click(screen.getByRole('radio', { name: label }));
      return;
    }
    case 'multi-select': {
      const group = screen.getByRole('group', { name: field.label });
      const wanted = Array.isArray(to) ? (to as string[]) : [];
      const had = Array.isArray(from) ? (from as string[]) : [];
      // Untick first, so a maxItems limit never blocks a box still to be ticked; tick in the
      // fixture's order, so the result shows option order rather than click order.
      for (const option of field.options) {
        if (had.includes(option.value) && !wanted.includes(option.value))
          await user.click(within(group).getByRole('checkbox', { name: option.label }));
      }
      for (const value of wanted) {
        if (had.includes(value)) continue;
        const label = field.options.find((option) => option.value === value)?.label ?? '';
        await user.click(within(group).getByRole('checkbox', { name: label }));
      }
      return;
    }
    case 'file':
      throw new Error(`${field.key}: files are chosen in test/react/file-field.test.tsx`);
    default:
      return field satisfies never;
  }
}

function valueOf(record: Record<string, unknown>, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(record, key) ? record[key] : undefined;
}

describe('given each valid fixture, answered through the UI', () => {
  // Not skipped silently: exactly these answers cannot be entered through a widget, and why.
  test('only answers no widget can produce are left out', () => {
    expect(notEnterable.map((entry) => [entry.title, entry.skip])).toEqual([
      ["file/photo-required: chooses the SEP's 1x1 PNG", 'photo: a file is chosen with the picker, not typed'],
      ['file/text-optional-percent: chooses a short text file', 'notes: a file is chosen with the picker, not typed'],
      [
        'format-date-time/optional-with-default: a value with -04:00 is kept verbatim',
        'remindAt: 2026-06-01T08:00:00-04:00 carries an offset, which a local date-time picker cannot produce',
      ],
      [
        'format-date-time/required: a UTC value is kept verbatim',
        'windowStart: 2026-03-01T04:00:00Z carries an offset, which a local date-time picker cannot produce',
      ],
    ]);
  });

  test.each(enterable)('$title', async ({ fixture, answer }) => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(
      <ElicitationForm request={fixture.request} server={{ name: 'Fixture server' }} onRespond={onRespond} files />,
    );
    for (const field of fixture.fields) {
      const from = valueOf(fixture.initialDraft, field.key);
      const to = valueOf(answer.draft, field.key);
      if (JSON.stringify(from) !== JSON.stringify(to)) await enterWithPointer(user, field, from, to);
    }
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    expect(onRespond.mock.calls).toStrictEqual([[answer.result]]);
  });
});

/** Presses Tab until `found` holds for the focused element; fails after `limit` presses. */
async function tabTo(user: UserEvent, found: (element: Element) => boolean, limit = 200): Promise<HTMLElement> {
  for (let i = 0; i < limit; i++) {
    await user.tab();
    const active = document.activeElement;
    if (active && found(active)) return active as HTMLElement;
  }
  throw new Error('Tab never reached the element');
}

/** Changes one select field with the keyboard only: Tab, arrow keys and Space. */
async function enterWithKeyboard(user: UserEvent, field: Field, from: unknown, to: unknown): Promise<void> {
  if (field.kind === 'single-select') {
    const group = screen.getByRole('radiogroup', { name: field.label });
    const target = field.options.findIndex((option) => option.value === to);
    const radios = within(group).getAllByRole('radio') as HTMLInputElement[];
    const start = await tabTo(user, (element) => group.contains(element));
    if (to === undefined) {
      // Leave the group to the "Clear choice" button that follows it.
      await tabTo(user, (element) => element.textContent === 'Clear choice');
      await user.keyboard('{Enter}');
      return;
    }
    if (start === radios[target] && !radios[target]?.checked) await user.keyboard(' ');
    for (let i = 0; i < radios.length && !radios[target]?.checked; i++) await user.keyboard('{ArrowDown}');
    return;
  }
  if (field.kind === 'multi-select') {
    const group = screen.getByRole('group', { name: field.label });
    const wanted = Array.isArray(to) ? (to as string[]) : [];
    const had = Array.isArray(from) ? (from as string[]) : [];
    const boxes = within(group).getAllByRole('checkbox') as HTMLInputElement[];
    const toggle = async (value: string) => {
      const index = field.options.findIndex((option) => option.value === value);
      const box = boxes[index];
      if (!box) throw new Error(`no box for ${value}`);
      // Tab from the top of the page each time, as a person moving through the form would.
      (document.activeElement as HTMLElement | null)?.blur();
      await tabTo(user, (element) => element === box);
      await user.keyboard(' ');
    };
    for (const option of field.options)
      if (had.includes(option.value) && !wanted.includes(option.value)) await toggle(option.value);
    for (const value of wanted) if (!had.includes(value)) await toggle(value);
    return;
  }
  throw new Error(`${field.kind} is not an enum field`);
}

describe('given each enum variant, completed with the keyboard alone', () => {
  const enumCases = enterable.filter(({ variant }) => ENUM_VARIANTS.has(variant));

  test('every enum variant folder has a case', () => {
    expect(new Set(enumCases.map(({ variant }) => variant))).toEqual(ENUM_VARIANTS);
  });

  // The sixty-option case tabs from the page top to each box: thousands of simulated Tabs, about
  // 5 s in jsdom on 2 busy cores, the default bound.
  test.each(enumCases)('$title', { timeout: 20_000 }, async ({ fixture, answer }) => {
    const user = userEvent.setup({ delay: null });
    const onRespond = vi.fn();
    render(
      <ElicitationForm request={fixture.request} server={{ name: 'Fixture server' }} onRespond={onRespond} files />,
    );
    for (const field of fixture.fields) {
      const from = valueOf(fixture.initialDraft, field.key);
      const to = valueOf(answer.draft, field.key);
      if (JSON.stringify(from) !== JSON.stringify(to)) await enterWithKeyboard(user, field, from, to);
    }
    (document.activeElement as HTMLElement | null)?.blur();
    await tabTo(user, (element) => element.textContent === 'Accept');
    await user.keyboard('{Enter}');
    expect(onRespond.mock.calls).toStrictEqual([[answer.result]]);
  });
});

/**
 * A host's own rjsf `Form` with `toRjsf`'s pair and the kit's theme, as src/react/theme/README.md shows it: what
 * rjsf submits, mapped back to the MCP keys with `toDraft`, is the content itself (numbers as
 * numbers, emptied fields left out, date-times with their offset), and rjsf's own validator lets it
 * through.
 */
function HostForm({
  request,
  onAnswer,
}: {
  request: ValidFixture['request'];
  onAnswer: (result: ElicitResult) => void;
}) {
  const { schema, uiSchema, toDraft } = toRjsf(request.requestedSchema);
  return (
    <Form
      {...generateTheme()}
      schema={schema}
      uiSchema={uiSchema}
      validator={validator}
      experimental_defaultFormStateBehavior={{ constAsDefaults: 'skipOneOf' }}
      onSubmit={({ formData }) => onAnswer({ action: 'accept', content: toDraft(formData) as ElicitContent })}
    />
  );
}

describe("given each valid fixture, answered through a host's rjsf Form with the kit's theme", () => {
  test.each(enterable)('$title: the same answer as ElicitationForm', async ({ fixture, answer }) => {
    const enter = async (user: UserEvent) => {
      for (const field of fixture.fields) {
        const from = valueOf(fixture.initialDraft, field.key);
        const to = valueOf(answer.draft, field.key);
        if (JSON.stringify(from) !== JSON.stringify(to)) await enterWithPointer(user, field, from, to);
      }
    };
    const kit = vi.fn();
    const view = render(
      <ElicitationForm request={fixture.request} server={{ name: 'Fixture server' }} onRespond={kit} files />,
    );
    await enter(userEvent.setup({ delay: null }));
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Accept' }));
    view.unmount();

    const host = vi.fn();
    render(<HostForm request={fixture.request} onAnswer={host} />);
    await enter(userEvent.setup({ delay: null }));
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Accept' }));
    expect(host.mock.calls).toStrictEqual(kit.mock.calls);
    expect(host.mock.calls).toStrictEqual([[answer.result]]);
  });
});
