/**
 * The host story both theme sections share: `ElicitationHost` with a theme's widgets, fed by two servers
 * (a single request each way and a 2026-07-28 round), beside a list of what each server received. The
 * browse play fills the first request through the theme's widgets and leaves it to answer; the test play
 * answers through them (all five enum variants), declines the last request, and ends on the host's empty
 * state and that list.
 */
import { useState } from 'react';
import { expect, waitFor, within } from 'storybook/test';

import { ElicitationHost, type KitWidgets } from '../../src/index.js';
import { createElicitationQueue } from '../../src/core/index.js';
import { combinedRequest, fixtureRequest } from '../fixtures.js';
import './themed-host.css';

/** The args the host story reads. */
export interface ThemedHostArgs {
  /** The theme's widgets (`widgetsFromRjsfTheme`), for every form the host draws. */
  widgets?: Partial<KitWidgets>;
  /** Called with the label and the answer of every request (or round) once it settles. */
  onSettled: (label: string, answer: unknown) => void;
}

const alpha = { name: 'Alpha deploys' };
const beta = { name: 'Beta builds', id: 'beta-1' };

/** A fresh queue per mount, its answers listed beside the host as the servers received them. */
export function ThemedHost({ widgets, onSettled, autoFocus }: ThemedHostArgs & { autoFocus: boolean }) {
  const [received, setReceived] = useState<readonly [string, unknown][]>([]);
  const [queue] = useState(() => {
    const fresh = createElicitationQueue();
    const requests = {
      'alpha-release': fresh.enqueue(
        combinedRequest('Set up the release.', [
          'titled-single/one-of-required',
          'legacy-titled/required-no-default',
          'titled-multi/any-of-optional-bounds',
        ]),
        { server: alpha },
      ),
      'beta-round': fresh.enqueueRound(
        {
          project: fixtureRequest('text/required-bounds'),
          target: combinedRequest('Where should it build?', [
            'untitled-single/required-no-default',
            'untitled-multi/optional-no-bounds',
          ]),
        },
        { server: beta },
      ),
      'alpha-migrations': fresh.enqueue(fixtureRequest('boolean/required'), { server: alpha }),
    };
    for (const [label, promise] of Object.entries(requests))
      void promise.then((answer) => {
        onSettled(label, answer);
        setReceived((list) => [...list, [label, answer]]);
      });
    return fresh;
  });
  return (
    <div className="themed-host">
      <ElicitationHost queue={queue} widgets={widgets} autoFocus={autoFocus} />
      <section className="mek-root themed-host-received" aria-labelledby="themed-host-received">
        <h2 id="themed-host-received">What the servers received</h2>
        {received.length === 0 && <p className="themed-host-nothing">Nothing yet.</p>}
        <ol>
          {received.map(([label, answer]) => (
            <li key={label}>
              <strong>{label}</strong> <code>{JSON.stringify(answer)}</code>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** What a play gets from Storybook that this one reads. */
export interface ThemedHostPlayContext {
  args: Pick<ThemedHostArgs, 'onSettled'>;
  canvas: ReturnType<typeof within>;
  userEvent: {
    click: (element: Element) => Promise<void>;
    type: (element: Element, text: string) => Promise<void>;
  };
}

/** How long the play waits for the round's view, which loads on first use (a cold Vite transform). */
const VIEW_LOAD = { timeout: 15_000 };

/** The field's control drawn by the theme (`data-control`), so a play fails if the kit drew it instead. */
function themed(element: HTMLElement, control: string): HTMLElement {
  if (element.closest(`[data-control="${control}"]`) === null)
    throw new Error(`"${element.getAttribute('aria-label') ?? element.id}" is not the theme's ${control}`);
  return element;
}

/** Fills the first request (Alpha's release) through the theme's widgets; answers nothing. */
export async function fillThemedHost({ canvas, userEvent }: ThemedHostPlayContext): Promise<void> {
  const host = canvas.getByRole('region', { name: 'Requests from MCP servers' });
  await expect(within(host).getAllByRole('status')[0]).toHaveTextContent('4 pending');

  await userEvent.click(themed(canvas.getByRole('radio', { name: 'Production' }), 'radio'));
  await userEvent.click(themed(canvas.getByRole('radio', { name: 'India Standard Time' }), 'radio'));
  // Ticked out of order: sent in option order.
  await userEvent.click(themed(canvas.getByRole('checkbox', { name: 'Unit tests' }), 'checkboxes'));
  await userEvent.click(canvas.getByRole('checkbox', { name: 'Lint' }));
}

/**
 * After `fillThemedHost`: answers the two servers through the theme's widgets, declines the last request,
 * ends on the empty host and what each server received.
 */
export async function answerThemedHost({ args, canvas, userEvent }: ThemedHostPlayContext): Promise<void> {
  await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
  await waitFor(() =>
    expect(args.onSettled).toHaveBeenLastCalledWith('alpha-release', {
      action: 'accept',
      content: { environment: 'prod', timeZone: 'Asia/Kolkata', checks: ['lint', 'unit'] },
    }),
  );

  await canvas.findByRole('group', { name: 'Request from Beta builds (ID: beta-1)' }, VIEW_LOAD);
  // Themes end a required field's label with "*" or " *".
  await userEvent.type(themed(canvas.getByLabelText(/^Project name\s?\*?$/), 'text'), 'Hermes');
  await userEvent.click(themed(canvas.getByRole('radio', { name: 'eu-west-1' }), 'radio'));
  await userEvent.click(themed(canvas.getByRole('checkbox', { name: 'windows' }), 'checkboxes'));
  await userEvent.click(canvas.getByRole('checkbox', { name: 'linux' }));
  await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
  await waitFor(() =>
    expect(args.onSettled).toHaveBeenLastCalledWith('beta-round', {
      project: { action: 'accept', content: { projectName: 'Hermes' } },
      target: { action: 'accept', content: { region: 'eu-west-1', platforms: ['linux', 'windows'] } },
    }),
  );

  await userEvent.click(themed(await canvas.findByRole('checkbox', { name: 'Run migrations' }), 'checkbox'));
  await userEvent.click(canvas.getByRole('button', { name: 'Decline' }));
  await waitFor(() => expect(args.onSettled).toHaveBeenLastCalledWith('alpha-migrations', { action: 'decline' }));
  await expect(args.onSettled).toHaveBeenCalledTimes(3);
  await expect(canvas.getByText('No requests waiting.')).toBeVisible();
  const received = canvas.getByRole('region', { name: 'What the servers received' });
  await expect(
    within(received)
      .getAllByRole('listitem')
      .map((item) => item.firstChild?.textContent),
  ).toEqual(['alpha-release', 'beta-round', 'alpha-migrations']);
}
