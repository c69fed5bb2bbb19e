/**
 * The play both theme sections share: a person answers the every-kind form (test/fixtures/every-kind.ts)
 * through the theme's widgets and the form sends exactly what the kit's own widgets send for the same
 * input (the same answer as test/browser/rjsf-themes.browser.test.tsx). Only the long select differs
 * between themes, so each section says how a person picks from it.
 */
import { expect, type within } from 'storybook/test';

import type { ElicitResult } from '../../src/index.js';

type Canvas = ReturnType<typeof within>;

/** What a play gets from Storybook that this one reads: the story's args, its canvas, a person. */
export interface ThemePlayContext {
  args: { onRespond: (result: ElicitResult) => void };
  canvas: Canvas;
  userEvent: {
    click: (element: Element) => Promise<void>;
    type: (element: Element, text: string) => Promise<void>;
  };
}

/** A field's control by its visible label; themes end a required one with "*" or " *". */
function control(canvas: Canvas, label: string) {
  return canvas.getByLabelText(new RegExp(`^${label.replace(/[()%]/g, '\\$&')}\\s?\\*?$`));
}

/** The browser's UTC offset at `instant`, as RFC 3339 writes it, read from `Date` (any zone). */
function utcOffset(instant: Date): string {
  const minutes = -instant.getTimezoneOffset();
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Answers every field, then checks the one `accept` result. */
export async function answerEveryKind(
  { args, canvas, userEvent }: ThemePlayContext,
  pick: (label: string, option: string) => Promise<void>,
): Promise<void> {
  await userEvent.type(control(canvas, 'Note for reviewers'), 'Ship it');
  await userEvent.type(control(canvas, 'Billing email'), 'ops@example.com');
  await userEvent.type(control(canvas, 'Webhook URL'), 'https://example.com/hook');
  await userEvent.type(control(canvas, 'Start date'), '2026-03-01');
  await userEvent.type(control(canvas, 'Window start'), '2026-03-01T09:30');
  await userEvent.type(control(canvas, 'Discount (%)'), '12.5');
  await userEvent.type(control(canvas, 'Retries'), '0');
  await userEvent.click(canvas.getByRole('checkbox', { name: 'Subscribe' }));
  await userEvent.click(canvas.getByRole('radio', { name: 'eu-west-1' }));
  await userEvent.click(canvas.getByRole('radio', { name: 'Production' }));
  await userEvent.click(canvas.getByRole('radio', { name: 'India Standard Time' }));
  // Ticked out of order: sent in option order.
  await userEvent.click(canvas.getByRole('checkbox', { name: 'windows' }));
  await userEvent.click(canvas.getByRole('checkbox', { name: 'linux' }));
  await userEvent.click(canvas.getByRole('checkbox', { name: 'Unit tests' }));
  await userEvent.click(canvas.getByRole('checkbox', { name: 'Lint' }));
  await pick('Launch country', 'Germany');
  await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
  await expect(args.onRespond).toHaveBeenCalledWith({
    action: 'accept',
    content: {
      note: 'Ship it',
      billingEmail: 'ops@example.com',
      webhookUrl: 'https://example.com/hook',
      startDate: '2026-03-01',
      windowStart: `2026-03-01T09:30:00${utcOffset(new Date(2026, 2, 1, 9, 30))}`,
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
  });
  await expect(args.onRespond).toHaveBeenCalledTimes(1);
}
