/**
 * `ElicitationForm` drawn with two real rjsf themes (`@rjsf/mui`, `@rjsf/shadcn`) through
 * `widgetsFromRjsfTheme`, in Chromium with real input: every field kind, every format and all five enum
 * variants answered through the theme's widgets give the exact `ElicitResult` the kit's own widgets give
 * for the same input. The page's zone is America/New_York (vitest.config.ts): March is -05:00.
 */
import { Theme as muiTheme } from '@rjsf/mui';
import { Theme as shadcnTheme } from '@rjsf/shadcn';
import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import { ElicitationForm, type ElicitResult, type KitWidgets } from '../../src/index.js';
import { widgetsFromRjsfTheme } from '../../src/react/rjsf-theme/index.js';
import { everyKindRequest } from '../fixtures/every-kind.js';
import { armed, mount } from './mount.js';
import { pickKit, pickMui } from './pickers.js';

/** One way of drawing the form, and how a person picks from its long single select. */
interface Rendering {
  name: string;
  widgets: Partial<KitWidgets> | undefined;
  pick: (label: string, option: string) => Promise<void>;
}

const RENDERINGS: Rendering[] = [
  { name: "the kit's own widgets", widgets: undefined, pick: pickKit },
  {
    name: '@rjsf/mui',
    widgets: widgetsFromRjsfTheme(muiTheme),
    pick: pickMui,
  },
  { name: '@rjsf/shadcn', widgets: widgetsFromRjsfTheme(shadcnTheme, { kitControls: ['select'] }), pick: pickKit },
];

/** A field's control by its visible label; themes end a required one with "*" or " *". */
function control(label: string) {
  return page.getByLabelText(new RegExp(`^${label.replace(/[()%]/g, '\\$&')}\\s?\\*?$`));
}

function render(widgets: Partial<KitWidgets> | undefined): ElicitResult[] {
  const answers: ElicitResult[] = [];
  mount(
    <ElicitationForm
      request={everyKindRequest()}
      server={{ name: 'Deploy bot' }}
      onRespond={(result) => answers.push(result)}
      widgets={widgets}
    />,
  );
  return answers;
}

async function accept() {
  await armed();
  await userEvent.click(page.getByRole('button', { name: 'Accept' }));
}

describe.each(RENDERINGS)('given the every-kind form drawn with $name', ({ widgets, pick }) => {
  test('every field answered gives the exact result, multi-selects in option order', async () => {
    const answers = render(widgets);
    await userEvent.fill(control('Note for reviewers'), 'Ship it');
    await userEvent.fill(control('Billing email'), 'ops@example.com');
    await userEvent.fill(control('Webhook URL'), 'https://example.com/hook');
    await userEvent.fill(control('Start date'), '2026-03-01');
    await userEvent.fill(control('Window start'), '2026-03-01T09:30');
    await userEvent.fill(control('Discount (%)'), '12.5');
    await userEvent.fill(control('Retries'), '0');
    await userEvent.click(page.getByRole('checkbox', { name: 'Subscribe' }));
    await userEvent.click(page.getByRole('radio', { name: 'eu-west-1' }));
    await userEvent.click(page.getByRole('radio', { name: 'Production' }));
    await userEvent.click(page.getByRole('radio', { name: 'India Standard Time' }));
    await userEvent.click(page.getByRole('checkbox', { name: 'windows' }));
    await userEvent.click(page.getByRole('checkbox', { name: 'linux' }));
    await userEvent.click(page.getByRole('checkbox', { name: 'Unit tests' }));
    await userEvent.click(page.getByRole('checkbox', { name: 'Lint' }));
    await pick('Launch country', 'Germany');
    await accept();
    await expect
      .poll(() => answers)
      .toStrictEqual([
        {
          action: 'accept',
          content: {
            note: 'Ship it',
            billingEmail: 'ops@example.com',
            webhookUrl: 'https://example.com/hook',
            startDate: '2026-03-01',
            windowStart: '2026-03-01T09:30:00-05:00',
            discount: 12.5,
            retries: 0,
            subscribe: true,
            region: 'eu-west-1',
            environment: 'prod',
            timeZone: 'Asia/Kolkata',
            platforms: ['linux', 'windows'],
            checks: ['lint', 'unit'],
            launch: 'DE',
          },
        },
      ]);
  });

  test('optional fields filled then emptied are left out, never "" or 0', async () => {
    const answers = render(widgets);
    await userEvent.fill(control('Note for reviewers'), 'draft');
    await userEvent.clear(control('Note for reviewers'));
    await userEvent.fill(control('Retries'), '3');
    await userEvent.clear(control('Retries'));
    await userEvent.click(page.getByRole('checkbox', { name: 'macos' }));
    await userEvent.click(page.getByRole('checkbox', { name: 'macos' }));
    await userEvent.fill(control('Billing email'), 'ops@example.com');
    await userEvent.fill(control('Webhook URL'), 'https://example.com/hook');
    await userEvent.fill(control('Start date'), '2026-11-02');
    await userEvent.fill(control('Window start'), '2026-07-01T18:05');
    await userEvent.fill(control('Discount (%)'), '0');
    await userEvent.click(page.getByRole('radio', { name: 'us-east-1' }));
    await userEvent.click(page.getByRole('radio', { name: 'Development' }));
    await userEvent.click(page.getByRole('radio', { name: 'Coordinated Universal Time' }));
    await accept();
    await expect
      .poll(() => answers)
      .toStrictEqual([
        {
          action: 'accept',
          content: {
            billingEmail: 'ops@example.com',
            webhookUrl: 'https://example.com/hook',
            startDate: '2026-11-02',
            // July: daylight saving time in New York.
            windowStart: '2026-07-01T18:05:00-04:00',
            discount: 0,
            region: 'us-east-1',
            environment: 'dev',
            timeZone: 'UTC',
          },
        },
      ]);
  });

  test('a local time the clocks skip is refused as with the kit, and sent once corrected', async () => {
    const answers = render(widgets);
    await userEvent.fill(control('Billing email'), 'ops@example.com');
    await userEvent.fill(control('Webhook URL'), 'https://example.com/hook');
    await userEvent.fill(control('Start date'), '2026-03-08');
    // 02:30 on 8 March 2026 does not exist in New York (02:00 became 03:00).
    await userEvent.fill(control('Window start'), '2026-03-08T02:30');
    await userEvent.fill(control('Discount (%)'), '5');
    await userEvent.click(page.getByRole('radio', { name: 'ap-south-1' }));
    await userEvent.click(page.getByRole('radio', { name: 'Staging' }));
    await userEvent.click(page.getByRole('radio', { name: 'Central European Time (Berlin)' }));
    await accept();
    await expect
      .element(
        page.getByText('This time does not exist in your time zone (the clocks skip it); choose another.').first(),
      )
      .toBeVisible();
    expect(answers).toStrictEqual([]);
    await userEvent.fill(control('Window start'), '2026-03-08T03:30');
    await accept();
    await expect
      .poll(() => answers)
      .toStrictEqual([
        {
          action: 'accept',
          content: {
            billingEmail: 'ops@example.com',
            webhookUrl: 'https://example.com/hook',
            startDate: '2026-03-08',
            windowStart: '2026-03-08T03:30:00-04:00',
            discount: 5,
            region: 'ap-south-1',
            environment: 'staging',
            timeZone: 'Europe/Berlin',
          },
        },
      ]);
  });
});

describe("given shadcn's own select (no kit fallback)", () => {
  test('its trigger has no accessible name: why the shadcn section leaves `select` to the kit', async () => {
    mount(
      <ElicitationForm
        request={everyKindRequest()}
        server={{ name: 'Deploy bot' }}
        onRespond={() => {}}
        widgets={widgetsFromRjsfTheme(shadcnTheme)}
      />,
    );
    // Its <label for> points at the field id, which no element of shadcn's select carries.
    expect(document.getElementById(page.getByText('Launch country').element().getAttribute('for') ?? '')).toBeNull();
    await expect.element(page.getByRole('button', { expanded: false }).first()).toHaveAccessibleName('');
  });
});

describe('given a theme drawn inside a host page form', () => {
  test.each([
    ['@rjsf/mui', muiTheme],
    ['@rjsf/shadcn', shadcnTheme],
  ] as const)('no control of %s belongs to that form, as with the kit: its submission sends none', (_, theme) => {
    const container = mount(
      <form aria-label="Host form">
        <ElicitationForm
          request={everyKindRequest()}
          server={{ name: 'Deploy bot' }}
          onRespond={() => {}}
          widgets={widgetsFromRjsfTheme(theme)}
        />
      </form>,
    );
    const form = container.querySelector('form');
    if (form === null) throw new Error('no form');
    expect(form.querySelectorAll('input').length).toBeGreaterThan(10);
    // Buttons of type "button" and MUI's decorative <fieldset> outlines may belong: they carry no value.
    const owned = [...form.elements].filter(
      (element) =>
        element instanceof HTMLInputElement ||
        element instanceof HTMLSelectElement ||
        element instanceof HTMLTextAreaElement,
    );
    expect(owned.map((element) => element.outerHTML)).toStrictEqual([]);
    expect([...new FormData(form).keys()]).toStrictEqual([]);
    // Nothing required blocks the host's own submission.
    expect(form.checkValidity()).toBe(true);
  });
});

describe("given a theme with its own date-time widget (rjsf's UTC contract)", () => {
  // A minimal widget as rjsf documents date-time values: an instant (toJSON) in and out.
  const utcTheme = {
    widgets: {
      DateTimeWidget: ({ id, value, onChange }: { id: string; value?: string; onChange: (v?: string) => void }) => (
        <input id={id} aria-label="Instant" value={value ?? ''} onChange={(event) => onChange(event.target.value)} />
      ),
    },
  };

  test("an instant it hands back is sent in the browser's local time with that instant's offset", async () => {
    const answers: ElicitResult[] = [];
    mount(
      <ElicitationForm
        request={{
          message: 'When?',
          requestedSchema: {
            type: 'object',
            properties: { at: { type: 'string', format: 'date-time', default: '2026-07-01T12:00:00+02:00' } },
          },
        }}
        server={{ name: 'Deploy bot' }}
        onRespond={(result) => answers.push(result)}
        widgets={widgetsFromRjsfTheme(utcTheme, { kitControls: ['text', 'email', 'uri', 'date', 'updown'] })}
      />,
    );
    // The default (10:00 UTC) reaches the widget as an instant.
    await expect.element(page.getByLabelText('Instant')).toHaveValue('2026-07-01T10:00:00.000Z');
    await userEvent.fill(page.getByLabelText('Instant'), '2026-03-01T14:30:00.000Z');
    await accept();
    await expect
      .poll(() => answers)
      .toStrictEqual([{ action: 'accept', content: { at: '2026-03-01T09:30:00-05:00' } }]);
  });
});

describe.each(RENDERINGS)('given a form asking for a password, drawn with $name', ({ widgets }) => {
  test('the password is masked with a Show toggle, and sent as typed', async () => {
    const answers: ElicitResult[] = [];
    const container = mount(
      <ElicitationForm
        request={{
          message: 'Sign in.',
          requestedSchema: { type: 'object', properties: { password: { type: 'string', title: 'Password' } } },
        }}
        server={{ name: 'Bank of Tests' }}
        onRespond={(result) => answers.push(result)}
        widgets={widgets}
      />,
    );
    await armed();
    const input = container.querySelector<HTMLInputElement>('input[type="password"]');
    expect([input?.autocomplete, input?.spellcheck]).toEqual(['off', false]);
    await userEvent.type(control('Password'), 'hunter2');
    const toggle = page.getByRole('button', { name: 'Show Password' });
    await userEvent.click(toggle);
    await expect.element(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(container.querySelector('input[type="password"]')).toBeNull();
    await accept();
    expect(answers).toStrictEqual([{ action: 'accept', content: { password: 'hunter2' } }]);
  });
});
