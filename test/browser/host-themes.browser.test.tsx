/**
 * A host's design system beyond the single form: a 2026-07-28 round (`ElicitationRound`) and a queue of two
 * servers (`ElicitationHost`) drawn with `@rjsf/mui`'s and `@rjsf/shadcn`'s widgets through
 * `widgetsFromRjsfTheme`, in Chromium with real input. Every field kind and all five enum variants answered
 * through a theme give the exact results the kit's own widgets give; Decline, Decline all, Cancel and Escape
 * answer as they do without a theme; axe finds nothing. The page's zone is America/New_York: March is -05:00.
 */
import { Theme as muiTheme } from '@rjsf/mui';
import { Theme as shadcnTheme } from '@rjsf/shadcn';
import axe from 'axe-core';
import { describe, expect, test } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import {
  ElicitationHost,
  ElicitationRound,
  type ElicitRequestFormParams,
  type ElicitResult,
  type KitWidgets,
  type RoundElicitationEntry,
  type WidgetName,
} from '../../src/index.js';
import { createElicitationQueue } from '../../src/core/index.js';
import { widgetsFromRjsfTheme } from '../../src/react/rjsf-theme/index.js';
import { everyKindRequest } from '../fixtures/every-kind.js';
import { armed, mount } from './mount.js';
import { pickKit, pickMui } from './pickers.js';

/** One way of drawing the forms, and how a person picks from the every-kind form's long single select. */
interface Rendering {
  name: string;
  widgets: Partial<KitWidgets> | undefined;
  /** Who draws a field of this control: the theme (the control's name) or the kit (`kit`). */
  drawn: (control: WidgetName) => string;
  pick: (label: string, option: string) => Promise<void>;
}

// Made once: each call makes new components, which would draw every field anew.
const RENDERINGS: Rendering[] = [
  { name: "the kit's own widgets", widgets: undefined, drawn: () => 'kit', pick: pickKit },
  {
    name: '@rjsf/mui',
    widgets: widgetsFromRjsfTheme(muiTheme),
    drawn: (control) => control,
    pick: pickMui,
  },
  // shadcn's select names no control: the kit keeps it (src/react/theme/README.md).
  {
    name: '@rjsf/shadcn',
    widgets: widgetsFromRjsfTheme(shadcnTheme, { kitControls: ['select'] }),
    drawn: (control) => (control === 'select' ? 'kit' : control),
    pick: pickKit,
  },
];

const projectRequest: ElicitRequestFormParams = {
  message: 'Name the project.',
  requestedSchema: {
    type: 'object',
    properties: { project: { type: 'string', title: 'Project name', minLength: 2 } },
    required: ['project'],
  },
};

// An untitled radio group and an optional checkbox: a second form in the round, answered or declined on its own.
const approveRequest: ElicitRequestFormParams = {
  message: 'Approve the rollout?',
  requestedSchema: {
    type: 'object',
    properties: {
      rollout: { type: 'string', title: 'Rollout', enum: ['canary', 'all-at-once'] },
      notify: { type: 'boolean', title: 'Notify the team' },
    },
    required: ['rollout'],
  },
};

/** A field's control by its visible label; themes end a required one with "*" or " *". */
function control(label: string) {
  return page.getByLabelText(new RegExp(`^${label.replace(/[()%]/g, '\\$&')}\\s?\\*?$`));
}

/** Every field of the every-kind form, answered as test/browser/rjsf-themes.browser.test.tsx does. */
async function answerEveryKind(pick: Rendering['pick']) {
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
  // Ticked out of order: sent in option order.
  await userEvent.click(page.getByRole('checkbox', { name: 'windows' }));
  await userEvent.click(page.getByRole('checkbox', { name: 'linux' }));
  await userEvent.click(page.getByRole('checkbox', { name: 'Unit tests' }));
  await userEvent.click(page.getByRole('checkbox', { name: 'Lint' }));
  await pick('Launch country', 'Germany');
}

/** What the kit's own widgets send for `answerEveryKind`'s input. */
const EVERY_KIND_ANSWER: ElicitResult = {
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
};

/** The controls of each form's fields, in order: the every-kind form's, the approve and project forms'. */
const EVERY_KIND_CONTROLS: WidgetName[] = [
  'text',
  'email',
  'uri',
  'date',
  'datetime',
  'updown',
  'updown',
  'checkbox',
  'radio',
  'radio',
  'radio',
  'checkboxes',
  'checkboxes',
  'select',
];
const APPROVE_CONTROLS: WidgetName[] = ['radio', 'checkbox'];
const PROJECT_CONTROLS: WidgetName[] = ['text'];

/** Who drew each field shown in `container`: a theme's field carries its control's name (`data-control`). */
function drawnBy(container: HTMLElement): string[] {
  return [...container.querySelectorAll('.mek-field')].map(
    (field) => field.querySelector('[data-control]')?.getAttribute('data-control') ?? 'kit',
  );
}

/** Clicks an answering button once armed; exact, since "Decline" is also in "Decline all" and "Decline request 1". */
async function clickAnswer(name: string) {
  await armed();
  await userEvent.click(page.getByRole('button', { name, exact: true }));
}

/** axe's violations in `container`, every rule on: rule ids and the nodes that break them. */
async function violations(container: HTMLElement): Promise<{ id: string; nodes: string[] }[]> {
  const results = await axe.run(container);
  return results.violations.map((violation) => ({
    id: violation.id,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

function roundEntry(): RoundElicitationEntry {
  return {
    id: 'round-1',
    kind: 'round',
    serverKey: 'deploy',
    server: { name: 'Deploy bot' },
    status: 'pending',
    prompts: [
      { key: 'setup', mode: 'form', request: everyKindRequest() },
      { key: 'approve', mode: 'form', request: approveRequest },
    ],
  };
}

/**
 * The round, mounted and drawn (its view loads on first use); what it sent: `round` (one answer per key)
 * or `all` (one for every key).
 */
async function mountRound(widgets: Partial<KitWidgets> | undefined) {
  const sent: { round: Record<string, ElicitResult>[]; all: ElicitResult[] } = { round: [], all: [] };
  const container = mount(
    <ElicitationRound
      entry={roundEntry()}
      onRespondRound={(results) => sent.round.push(results)}
      onRespondAll={(result) => sent.all.push(result)}
      widgets={widgets}
    />,
  );
  // A cold Vite transform of the view's chunk may take seconds.
  await expect.element(page.getByRole('button', { name: 'Decline all' }), { timeout: 15_000 }).toBeVisible();
  return { sent, container };
}

describe.each(RENDERINGS)('given a round drawn with $name', ({ widgets, drawn, pick }) => {
  test('both forms answered, every kind and variant: one Accept sends the exact results, and axe finds nothing', async () => {
    const { sent, container } = await mountRound(widgets);
    expect(drawnBy(container)).toStrictEqual([...EVERY_KIND_CONTROLS, ...APPROVE_CONTROLS].map(drawn));
    await answerEveryKind(pick);
    await userEvent.click(page.getByRole('radio', { name: 'canary' }));
    await userEvent.click(page.getByRole('checkbox', { name: 'Notify the team' }));
    expect(await violations(container)).toStrictEqual([]);
    await clickAnswer('Accept');
    await expect
      .poll(() => sent)
      .toStrictEqual({
        round: [
          { setup: EVERY_KIND_ANSWER, approve: { action: 'accept', content: { rollout: 'canary', notify: true } } },
        ],
        all: [],
      });
    await expect.element(page.getByText('Accepted')).toBeVisible();
  });

  test('one request declined, the other answered: its answer is decline, the rest as given', async () => {
    const { sent } = await mountRound(widgets);
    await userEvent.click(page.getByRole('radio', { name: 'all-at-once' }));
    await userEvent.click(page.getByRole('checkbox', { name: 'Decline request 1' }));
    await clickAnswer('Accept');
    await expect
      .poll(() => sent)
      .toStrictEqual({
        round: [{ setup: { action: 'decline' }, approve: { action: 'accept', content: { rollout: 'all-at-once' } } }],
        all: [],
      });
  });

  test.each([
    ['Decline all', { action: 'decline' }],
    ['Cancel', { action: 'cancel' }],
  ] as const)('%s answers every request at once, whatever was filled in', async (button, result) => {
    const { sent } = await mountRound(widgets);
    await userEvent.fill(control('Billing email'), 'ops@example.com');
    await userEvent.click(page.getByRole('radio', { name: 'Production' }));
    await clickAnswer(button);
    await expect.poll(() => sent).toStrictEqual({ round: [], all: [result] });
  });

  test('Escape in a theme field cancels the set', async () => {
    const { sent } = await mountRound(widgets);
    await userEvent.fill(control('Billing email'), 'ops@example.com');
    await armed();
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => sent).toStrictEqual({ round: [], all: [{ action: 'cancel' }] });
  });
});

describe.each(RENDERINGS)('given ElicitationHost with two servers drawn with $name', ({ widgets, drawn, pick }) => {
  test("each server's requests and its round answered through the theme reach that server exactly", async () => {
    const queue = createElicitationQueue();
    const container = mount(<ElicitationHost queue={queue} widgets={widgets} />);
    const alpha = { name: 'Alpha deploys' };
    const beta = { name: 'Beta tracker', id: 'beta-1' };
    const settled: Record<string, unknown> = {};
    const track = (label: string, promise: Promise<unknown>) =>
      void promise.then((answer) => {
        settled[label] = answer;
      });
    track('alpha-setup', queue.enqueue(everyKindRequest(), { server: alpha }));
    track(
      'beta-round',
      queue.enqueueRound({ project: projectRequest, approve: approveRequest }, { server: beta, serverKey: 'beta' }),
    );
    track('alpha-approve', queue.enqueue(approveRequest, { server: alpha }));
    track('beta-project', queue.enqueue(projectRequest, { server: beta, serverKey: 'beta' }));
    await expect.element(page.getByRole('status').first()).toHaveTextContent('5 pending');
    expect(drawnBy(container)).toStrictEqual(EVERY_KIND_CONTROLS.map(drawn));

    await answerEveryKind(pick);
    expect(await violations(container)).toStrictEqual([]);
    await clickAnswer('Accept');
    // Only this request is settled: the others of both servers still wait.
    await expect.poll(() => settled).toStrictEqual({ 'alpha-setup': EVERY_KIND_ANSWER });

    // The round, from the other server; its view loads on first use.
    await expect
      .element(page.getByRole('group', { name: 'Request from Beta tracker (ID: beta-1)' }), { timeout: 15_000 })
      .toBeVisible();
    expect(drawnBy(container)).toStrictEqual([...PROJECT_CONTROLS, ...APPROVE_CONTROLS].map(drawn));
    await userEvent.fill(control('Project name'), 'Hermes');
    await userEvent.click(page.getByRole('radio', { name: 'all-at-once' }));
    expect(await violations(container)).toStrictEqual([]);
    await clickAnswer('Accept');
    await expect
      .poll(() => settled['beta-round'])
      .toStrictEqual({
        project: { action: 'accept', content: { project: 'Hermes' } },
        approve: { action: 'accept', content: { rollout: 'all-at-once' } },
      });

    await expect.element(page.getByRole('group', { name: 'Request from Alpha deploys' })).toBeVisible();
    // A choice made, then Decline: nothing of it is sent.
    await userEvent.click(page.getByRole('radio', { name: 'canary' }));
    await clickAnswer('Decline');
    await expect.poll(() => settled['alpha-approve']).toStrictEqual({ action: 'decline' });

    // What was typed does not matter: "Cancel all" ends the server's requests, sending nothing.
    await userEvent.fill(control('Project name'), 'Iris');
    await clickAnswer('Cancel all from Beta tracker');
    await expect.poll(() => settled['beta-project']).toStrictEqual({ action: 'cancel' });
    await expect.element(page.getByText('No requests waiting.')).toBeVisible();
    expect(queue.getSnapshot().entries).toStrictEqual([]);
  });
});
