// Keyboard only, in real Chromium: every enum variant, the four formats, number, integer and boolean
// are answered with Tab, Shift+Tab, Space, arrow keys, typing and Enter (Playwright's keyboard, real
// key events; no click, no pointer). Each test checks where the focus is at each step and the exact
// ElicitResult.
import { describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import { ElicitationForm, type ElicitRequestFormParams } from '../../src/index.js';
import { validRequest } from '../fixtures/index.js';
import { armed, mount } from './mount.js';

const server = { name: 'Deploy bot' };

/** The request of a valid fixture case, by `variant/name`. */
const request = validRequest;

/**
 * Mounts the form with a spy, waits until its buttons are armed (as a person would be slower than
 * the arming time), and moves the focus to the page start, before the form.
 */
async function open(params: ElicitRequestFormParams) {
  const onRespond = vi.fn();
  mount(<ElicitationForm request={params} server={server} onRespond={onRespond} />);
  await armed();
  (document.activeElement as HTMLElement | null)?.blur();
  return onRespond;
}

describe('given each enum variant, answered by keyboard only', () => {
  test('untitled single: Tab into the group, Space, an arrow moves and selects, Tab to Accept, Enter', async () => {
    const onRespond = await open(request('untitled-single/required-no-default'));
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('radio', { name: 'us-east-1' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect.element(page.getByRole('radio', { name: 'us-east-1' })).toBeChecked();
    await userEvent.keyboard('{ArrowDown}');
    await expect.element(page.getByRole('radio', { name: 'eu-west-1' })).toHaveFocus();
    await expect.element(page.getByRole('radio', { name: 'eu-west-1' })).toBeChecked();
    await expect.element(page.getByRole('radio', { name: 'us-east-1' })).not.toBeChecked();
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('button', { name: 'Accept' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { region: 'eu-west-1' } }]]);
  });

  test('titled single (oneOf): two ArrowDowns reach Production; Space on Accept sends its const', async () => {
    const onRespond = await open(request('titled-single/one-of-required'));
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('radio', { name: 'Development' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    await expect.element(page.getByRole('radio', { name: 'Production' })).toBeChecked();
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('button', { name: 'Accept' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { environment: 'prod' } }]]);
  });

  test('titled single (anyOf): Space selects the focused option', async () => {
    const onRespond = await open(request('titled-single/any-of-required'));
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('radio', { name: 'PostgreSQL 16' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect.element(page.getByRole('radio', { name: 'PostgreSQL 16' })).toBeChecked();
    await userEvent.keyboard('{Tab}{Enter}');
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { engine: 'postgres' } }]]);
  });

  test('legacy enumNames: ArrowUp from the first option wraps to the last', async () => {
    const onRespond = await open(request('legacy-titled/required-no-default'));
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('radio', { name: 'Coordinated Universal Time' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}');
    await expect.element(page.getByRole('radio', { name: 'India Standard Time' })).toHaveFocus();
    await expect.element(page.getByRole('radio', { name: 'India Standard Time' })).toBeChecked();
    await userEvent.keyboard('{Tab}{Enter}');
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { timeZone: 'Asia/Kolkata' } }]]);
  });

  test('legacy enumNames, optional with a default: the choice is cleared with the "Clear choice" button', async () => {
    const onRespond = await open(request('legacy-titled/optional-with-default'));
    await userEvent.keyboard('{Tab}');
    // Tab enters a radio group at its checked option.
    await expect.element(page.getByRole('radio', { name: 'Normal' })).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('button', { name: 'Clear choice' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('radio', { name: 'Urgent' })).toHaveFocus();
    await expect.element(page.getByRole('radio', { name: 'Normal' })).not.toBeChecked();
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('button', { name: 'Accept' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: {} }]]);
  });

  test('a long titled single select (60 options): a combobox answered by typing part of a title and Enter', async () => {
    const countries = request('titled-multi/sixty-options').requestedSchema.properties['countries'];
    if (countries === undefined || countries.type !== 'array' || !('anyOf' in countries.items))
      throw new Error('Unexpected fixture shape');
    const onRespond = await open({
      message: 'Where should the campaign launch?',
      requestedSchema: {
        type: 'object',
        properties: { launch: { type: 'string', title: 'Launch country', oneOf: countries.items.anyOf } },
        required: ['launch'],
      },
    });
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('combobox', { name: 'Launch country' })).toHaveFocus();
    await userEvent.keyboard('germ{Enter}');
    await expect.element(page.getByRole('combobox', { name: 'Launch country' })).toHaveValue('Germany');
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('button', { name: 'Accept' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { launch: 'DE' } }]]);
  });

  test('untitled multi: ticked with Space in the order windows, linux; sent in option order', async () => {
    const onRespond = await open(request('untitled-multi/optional-no-bounds'));
    await userEvent.keyboard('{Tab}{Tab}{Tab}');
    await expect.element(page.getByRole('checkbox', { name: 'windows' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await userEvent.keyboard('{Shift>}{Tab}{Tab}{/Shift}');
    await expect.element(page.getByRole('checkbox', { name: 'linux' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect.element(page.getByRole('checkbox', { name: 'linux' })).toBeChecked();
    await expect.element(page.getByRole('checkbox', { name: 'macos' })).not.toBeChecked();
    await expect.element(page.getByRole('checkbox', { name: 'windows' })).toBeChecked();
    await expect.element(page.getByRole('status')).toHaveTextContent(/^2 selected$/);
    await userEvent.keyboard('{Tab}{Tab}{Tab}');
    await expect.element(page.getByRole('button', { name: 'Accept' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { platforms: ['linux', 'windows'] } }]]);
  });

  test('titled multi (items.anyOf): at maxItems the other boxes are disabled and Tab skips them', async () => {
    const onRespond = await open(request('titled-multi/any-of-optional-bounds'));
    // Lint, Unit tests, End-to-end tests: three ticks reach maxItems 3.
    await userEvent.keyboard('{Tab} {Tab} {Tab} ');
    await expect.element(page.getByRole('status')).toHaveTextContent(/^3 of 3 selected$/);
    await expect.element(page.getByRole('checkbox', { name: 'Dependency audit' })).toBeDisabled();
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('button', { name: 'Accept' })).toHaveFocus();
    // Back to Unit tests, untick it: Dependency audit is enabled again and Tab reaches it.
    await userEvent.keyboard('{Shift>}{Tab}{Tab}{/Shift} ');
    await expect.element(page.getByRole('checkbox', { name: 'Unit tests' })).not.toBeChecked();
    await expect.element(page.getByRole('checkbox', { name: 'Dependency audit' })).toBeEnabled();
    await userEvent.keyboard('{Tab}{Tab}');
    await expect.element(page.getByRole('checkbox', { name: 'Dependency audit' })).toHaveFocus();
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('button', { name: 'Accept' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { checks: ['lint', 'e2e'] } }]]);
  });

  test('titled multi (items.oneOf) with a default: Space unticks the default, ticks another', async () => {
    const onRespond = await open(request('titled-multi/one-of-with-default'));
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('checkbox', { name: 'Email' })).toHaveFocus();
    await userEvent.keyboard(' {Tab}{Tab} ');
    await expect.element(page.getByRole('checkbox', { name: 'PagerDuty' })).toBeChecked();
    await expect.element(page.getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
    await userEvent.keyboard('{Tab}{Enter}');
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { alertChannels: ['pager'] } }]]);
  });
});

describe('given a long multi-select with chosen items (chips above the filter box)', () => {
  const countries = Array.from({ length: 20 }, (_, index) => ({ const: `c${index}`, title: `Country ${index}` }));
  const chipsRequest: ElicitRequestFormParams = {
    message: 'Where?',
    requestedSchema: {
      type: 'object',
      properties: {
        countries: { type: 'array', title: 'Countries', items: { anyOf: countries }, default: ['c8', 'c3'] },
      },
    },
  };

  test('Tab reaches the chips first, in option order; Enter and Space remove one and the focus moves on, then to the filter', async () => {
    const onRespond = await open(chipsRequest);
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('button', { name: 'Remove Country 3' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('checkbox', { name: 'Country 3' })).not.toBeChecked();
    await expect.element(page.getByRole('button', { name: 'Remove Country 8' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect.element(page.getByRole('checkbox', { name: 'Country 8' })).not.toBeChecked();
    await expect.element(page.getByRole('searchbox', { name: 'Filter Countries' })).toHaveFocus();
    // Ticking a box adds its chip, which Shift+Tab reaches before the filter box.
    await userEvent.keyboard('{Tab} ');
    await expect.element(page.getByRole('checkbox', { name: 'Country 0' })).toBeChecked();
    await userEvent.keyboard('{Shift>}{Tab}{Tab}{/Shift}');
    await expect.element(page.getByRole('button', { name: 'Remove Country 0' })).toHaveFocus();
    await userEvent.keyboard('{Tab}{Tab}{Enter}');
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { countries: ['c0'] } }]]);
  });
});

describe('given the other field kinds, answered by keyboard only', () => {
  const everyKind: ElicitRequestFormParams = {
    message: 'Register the service.',
    requestedSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Name', minLength: 3 },
        owner: { type: 'string', title: 'Owner email', format: 'email' },
        repo: { type: 'string', title: 'Repository', format: 'uri' },
        launch: { type: 'string', title: 'Launch date', format: 'date' },
        budget: { type: 'number', title: 'Budget', minimum: 0 },
        replicas: { type: 'integer', title: 'Replicas', minimum: 1 },
        public: { type: 'boolean', title: 'Public' },
      },
      required: ['name', 'owner', 'repo', 'launch', 'budget', 'replicas', 'public'],
    },
  };

  test('text, email, uri, date, number, integer and boolean, then Enter on Accept', async () => {
    const onRespond = await open(everyKind);
    await userEvent.keyboard('{Tab}');
    await expect.element(page.getByRole('textbox', { name: 'Name' })).toHaveFocus();
    await userEvent.keyboard('checkout{Tab}ops@example.com{Tab}https://git.example.com/checkout{Tab}');
    await expect.element(page.getByLabelText('Launch date *')).toHaveFocus();
    // en-US segments: month, day, year; a full segment moves to the next. Chromium's calendar
    // button is one more Tab stop inside the input.
    await userEvent.keyboard('02292024{Tab}{Tab}');
    await expect.element(page.getByLabelText('Launch date *')).toHaveValue('2024-02-29');
    await expect.element(page.getByRole('textbox', { name: 'Budget' })).toHaveFocus();
    await userEvent.keyboard('-0.5{Tab}12{Tab}');
    await expect.element(page.getByRole('checkbox', { name: 'Public' })).toHaveFocus();
    await userEvent.keyboard(' {Tab}');
    await expect.element(page.getByRole('button', { name: 'Accept' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');

    // Budget is below its minimum: nothing is sent, the focus goes to it.
    await expect.element(page.getByRole('alert')).toBeVisible();
    expect(page.getByRole('alert').element().textContent).toBe(
      'Please fix the following before accepting:Budget: Enter 0 or more.',
    );
    await expect.element(page.getByRole('textbox', { name: 'Budget' })).toHaveFocus();
    expect(onRespond).not.toHaveBeenCalled();
    await userEvent.keyboard('{Control>}a{/Control}250{Enter}');
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    expect(onRespond.mock.calls).toStrictEqual([
      [
        {
          action: 'accept',
          content: {
            name: 'checkout',
            owner: 'ops@example.com',
            repo: 'https://git.example.com/checkout',
            launch: '2024-02-29',
            budget: 250,
            replicas: 12,
            public: true,
          },
        },
      ],
    ]);
  });

  test('Escape anywhere cancels: exactly { action: "cancel" }, once', async () => {
    const onRespond = await open(everyKind);
    await userEvent.keyboard('{Tab}check{Escape}{Escape}');
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'cancel' }]]);
  });
});

describe("given the kit inside a host's own <form>", () => {
  test("Enter in a field answers the kit, never submits the host's form, and the page does not navigate", async () => {
    const onRespond = vi.fn();
    const hostSubmit = vi.fn((event: SubmitEvent) => event.preventDefault());
    const container = mount(
      <form
        ref={(form) => {
          form?.addEventListener('submit', hostSubmit);
        }}
      >
        <input aria-label="Host note" />
        <ElicitationForm
          request={request('untitled-single/required-no-default')}
          server={server}
          onRespond={onRespond}
        />
        {/* With a submit button, Chromium submits this form on Enter in any of its fields, a radio too. */}
        <button type="submit">Save</button>
      </form>,
    );
    const url = window.location.href;
    expect(container.querySelectorAll('form')).toHaveLength(1);
    await userEvent.click(page.getByRole('radio', { name: 'us-east-1' }));
    await armed();
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { region: 'us-east-1' } }]]);
    expect(hostSubmit.mock.calls).toStrictEqual([]);
    // The host's own field still submits the host's form, as it should.
    await userEvent.click(page.getByRole('textbox', { name: 'Host note' }));
    await userEvent.keyboard('{Enter}');
    await expect.poll(() => hostSubmit.mock.calls.length).toBe(1);
    expect(window.location.href).toBe(url);
  });
});

describe('given a form that asks for a password, typed by keyboard', () => {
  const SECRET = 'hunter2-in-the-page';
  const login: ElicitRequestFormParams = {
    message: 'Sign in to continue.',
    requestedSchema: {
      type: 'object',
      properties: {
        user: { type: 'string', title: 'User name' },
        password: { type: 'string', title: 'Password' },
      },
      required: ['user', 'password'],
    },
  };

  test('the field is masked, the warning names the server, the preview and the page after Accept hold no secret', async () => {
    const onRespond = vi.fn();
    const drafts: unknown[] = [];
    const container = mount(
      <ElicitationForm
        request={login}
        server={{ name: 'Bank of Tests' }}
        onRespond={onRespond}
        onDraftChange={(draft, verdict) => drafts.push([draft, verdict])}
      />,
    );
    await armed();
    await expect.element(page.getByRole('textbox', { name: 'User name' })).toBeVisible();
    const input = container.querySelector<HTMLInputElement>('input[type="password"]');
    expect([input?.autocomplete, input?.spellcheck, input?.getAttribute('aria-required')]).toEqual([
      'off',
      false,
      'true',
    ]);
    expect(container.querySelector('.mek-secret-warning')?.textContent).toBe(
      'Bank of Tests asks for what looks like a password or key in this form. MCP servers must not do that: a legitimate server sends you to its own page instead. Decline unless you trust it.',
    );
    expect(container.querySelector('.mek-secret-warning bdi')?.textContent).toBe('Bank of Tests');
    await userEvent.click(page.getByRole('textbox', { name: 'User name' }));
    await userEvent.keyboard('ada{Tab}');
    await userEvent.keyboard(SECRET);
    const toggle = page.getByRole('button', { name: 'Show Password' });
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(toggle);
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect.element(page.getByRole('textbox', { name: 'Password' })).toHaveValue(SECRET);
    await userEvent.click(toggle);
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(page.getByRole('button', { name: 'Accept' }));
    await expect.poll(() => onRespond.mock.calls.length).toBe(1);
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { user: 'ada', password: SECRET } }]]);
    expect(drafts.at(-1)).toEqual([
      { user: 'ada', password: '[secret]' },
      { ok: true, result: { action: 'accept', content: { user: 'ada', password: '[secret]' } } },
    ]);
    expect(JSON.stringify(drafts).includes(SECRET)).toBe(false);
    const inputs = [...container.querySelectorAll('input')].map((item) => item.value);
    expect([container.innerHTML.includes(SECRET), container.textContent?.includes(SECRET), inputs]).toEqual([
      false,
      false,
      ['ada', '[secret]'],
    ]);
  });

  test("with secrets 'refuse' only Decline and Cancel are offered, and no field", async () => {
    const onRespond = vi.fn();
    const container = mount(
      <ElicitationForm request={login} server={{ name: 'Bank of Tests' }} onRespond={onRespond} secrets="refuse" />,
    );
    await armed();
    await expect.element(page.getByText('This form asks for a password or key')).toBeVisible();
    expect([
      [...container.querySelectorAll('button')].map((button) => button.textContent),
      container.querySelectorAll('input').length,
    ]).toEqual([['Decline', 'Cancel'], 0]);
    await userEvent.click(page.getByRole('button', { name: 'Decline' }));
    expect(onRespond.mock.calls).toStrictEqual([[{ action: 'decline' }]]);
  });

  test("with secrets 'allow' there is no warning, and the field is still masked", async () => {
    const container = mount(
      <ElicitationForm request={login} server={{ name: 'Bank of Tests' }} onRespond={vi.fn()} secrets="allow" />,
    );
    await armed();
    expect([
      container.querySelectorAll('.mek-secret-warning').length,
      container.querySelectorAll('input[type="password"]').length,
    ]).toEqual([0, 1]);
  });
});
