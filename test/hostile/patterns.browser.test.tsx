/**
 * Hostile servers, finding 1, in real Chromium: one Accept on a polynomial pattern blocked the main
 * thread for 10.6 s, every keystroke in a round for 13 s, ToolCallForm's submit for 4.4 s.
 *
 * No clock, as in patterns.test.ts: a guard on `RegExp.prototype.exec` throws when a backtracking
 * RegExp runs a hostile pattern, so these pass only when the page judges the text without V8's
 * engine, and fail at once on code that still uses it. Each file runs in its own page: the pattern
 * engine starts unloaded here, as in a host's tab.
 */
import { describe, expect, test, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import { ElicitationForm, ElicitationHost, type ElicitRequestFormParams, type ElicitResult } from '../../src/index.js';
import { createElicitationQueue, isPatternEngineLoaded } from '../../src/core/index.js';
import { ToolCallForm } from '../../src/react/tools/index.js';
import type { Tool } from '../../src/tools/index.js';
import { armed, mount } from '../browser/mount.js';
import { guardBacktracking } from './regexp-guard.js';

/** Sources a backtracking RegExp may not run while a test is on. */
const guarded = guardBacktracking();

/** A form request: one required text field `code` titled Code, with `pattern`. */
function patterned(pattern: string, message = 'Enter the code.'): ElicitRequestFormParams {
  return {
    message,
    requestedSchema: {
      type: 'object',
      properties: { code: { type: 'string', title: 'Code', pattern } },
      required: ['code'],
    } as ElicitRequestFormParams['requestedSchema'],
  };
}

const NO_MATCH = 'The text does not have the form the server asks for.';

describe('given ElicitationForm and a pattern that backtracks polynomially', () => {
  test('Accept before the engine has loaded waits for it, then sends the answer', async () => {
    guarded.add('a*a*a*a*a*b');
    expect(isPatternEngineLoaded()).toBe(false);
    const onRespond = vi.fn<(result: ElicitResult) => void>();
    const request = patterned('a*a*a*a*a*b');
    const code = request.requestedSchema.properties.code as { default?: string };
    code.default = 'aab';
    mount(<ElicitationForm request={request} server={{ name: 'S' }} onRespond={onRespond} />);
    // In the same task as the first render, so the engine cannot have loaded yet; a script's click
    // is not held by the arming time.
    expect(isPatternEngineLoaded()).toBe(false);
    (page.getByRole('button', { name: 'Accept' }).element() as HTMLButtonElement).click();
    expect(onRespond).not.toHaveBeenCalled();
    await expect.poll(() => onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { code: 'aab' } }]]);
    expect(isPatternEngineLoaded()).toBe(true);
  });

  test('one Accept on 100 characters: the field says it does not match, without a backtracking run', async () => {
    guarded.add('a*a*a*a*a*b');
    const onRespond = vi.fn<(result: ElicitResult) => void>();
    mount(<ElicitationForm request={patterned('a*a*a*a*a*b')} server={{ name: 'S' }} onRespond={onRespond} />);
    const code = page.getByRole('textbox', { name: 'Code' });
    await code.fill('a'.repeat(100));
    await armed();
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect.element(code).toHaveAccessibleDescription(NO_MATCH);
    expect(onRespond).not.toHaveBeenCalled();
    await code.fill('a'.repeat(99) + 'b');
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect
      .poll(() => onRespond.mock.calls)
      .toStrictEqual([[{ action: 'accept', content: { code: `${'a'.repeat(99)}b` } }]]);
  });

  test('in a round, keystrokes (each judged live) and Accept never run a backtracking RegExp', async () => {
    guarded.add('.*.*.*=');
    guarded.add('^(a|b)*(a|b)*(a|b)*c$');
    const queue = createElicitationQueue();
    mount(<ElicitationHost queue={queue} />);
    let answers: Record<string, ElicitResult> | undefined;
    void queue
      .enqueueRound(
        { first: patterned('.*.*.*=', 'First code.'), second: patterned('^(a|b)*(a|b)*(a|b)*c$', 'Second code.') },
        { server: { name: 'S' } },
      )
      .then((value) => {
        answers = value;
      });
    const [first, second] = [
      page.getByRole('group', { name: 'Request 1 of 2 from S' }).getByRole('textbox', { name: 'Code' }),
      page.getByRole('group', { name: 'Request 2 of 2 from S' }).getByRole('textbox', { name: 'Code' }),
    ];
    await first.fill('x'.repeat(1_000));
    await userEvent.type(first, 'yyy');
    await second.fill('ab'.repeat(500));
    await userEvent.type(second, 'ab');
    await armed();
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect.element(first).toHaveAccessibleDescription(NO_MATCH);
    expect(answers).toBeUndefined();
    await first.fill('key=value');
    await second.fill('abbac');
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect
      .poll(() => answers)
      .toStrictEqual({
        first: { action: 'accept', content: { code: 'key=value' } },
        second: { action: 'accept', content: { code: 'abbac' } },
      });
  });

  test('a pattern the engine cannot run (lookbehind) is not run: the field says the server checks it', async () => {
    guarded.add('^[a-z]+(?<!admin)$');
    const onRespond = vi.fn<(result: ElicitResult) => void>();
    mount(<ElicitationForm request={patterned('^[a-z]+(?<!admin)$')} server={{ name: 'S' }} onRespond={onRespond} />);
    const code = page.getByRole('textbox', { name: 'Code' });
    await expect.element(code).toHaveAccessibleDescription('The server checks the form of this text when you send it.');
    await code.fill('admin');
    await armed();
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => onRespond.mock.calls).toStrictEqual([[{ action: 'accept', content: { code: 'admin' } }]]);
  });
});

describe('given ToolCallForm and a pattern that backtracks polynomially', () => {
  const tool = (pattern: string): Tool => ({
    name: 'lookup',
    inputSchema: {
      type: 'object',
      properties: { q: { type: 'string', title: 'Query', pattern } },
      required: ['q'],
    },
  });

  test('submit on 100 characters: the issue is shown, without a backtracking run (rjsf’s own Ajv included)', async () => {
    guarded.add('a*a*a*a*a*b');
    const onSubmit = vi.fn<(args: Record<string, unknown>) => void>();
    mount(<ToolCallForm tool={tool('a*a*a*a*a*b')} onSubmit={onSubmit} />);
    const query = page.getByRole('textbox', { name: 'Query' });
    await query.fill('a'.repeat(100));
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('/q The text does not have the form the server asks for.');
    expect(onSubmit).not.toHaveBeenCalled();
    await query.fill('aab');
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect.poll(() => onSubmit.mock.calls).toStrictEqual([[{ q: 'aab' }]]);
  });

  test('a pattern the old analysis refused, ^(a+)+$, now draws a form and is judged', async () => {
    guarded.add('^(a+)+$');
    const onSubmit = vi.fn<(args: Record<string, unknown>) => void>();
    mount(<ToolCallForm tool={tool('^(a+)+$')} onSubmit={onSubmit} />);
    await page.getByRole('textbox', { name: 'Query' }).fill(`${'a'.repeat(5_000)}!`);
    await page.getByRole('button', { name: 'Call tool' }).click();
    await expect
      .element(page.getByRole('alert'))
      .toHaveTextContent('/q The text does not have the form the server asks for.');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
