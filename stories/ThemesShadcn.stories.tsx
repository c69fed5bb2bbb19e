/// <reference types="vite/client" />
/**
 * `ElicitationForm` in a host's shadcn/ui design system: `@rjsf/shadcn`'s widgets and templates through
 * `widgetsFromRjsfTheme` (mcp-elicit-kit/rjsf-theme), styled with the theme's prebuilt stylesheet (its
 * documented set-up without Tailwind). The long select stays the kit's (see src/react/theme/README.md).
 * Each story leaves its prompts to answer; its test-only story (`!dev`) answers through the theme's widgets.
 * Runs in Chromium (test/stories, axe on every shot), and in Pacific/Auckland too (tag `time-zone`).
 */
import { Theme as shadcnTheme } from '@rjsf/shadcn';
import shadcnCss from '@rjsf/shadcn/dist/default.css?inline';
import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { useLayoutEffect, useSyncExternalStore, type ReactNode } from 'react';
import { fn } from 'storybook/test';

import { ElicitationForm, type ElicitationFormProps } from '../src/index.js';
import { widgetsFromRjsfTheme } from '../src/react/rjsf-theme/index.js';
import { everyKindRequest } from '../test/fixtures/every-kind.js';
import { answerEveryKind } from './themes/answer-every-kind.js';
import { answerThemedHost, fillThemedHost, ThemedHost, type ThemedHostArgs } from './themes/themed-host.js';

// shadcn's select names no control (its label points at no element) and offers no empty choice.
const shadcnWidgets = widgetsFromRjsfTheme(shadcnTheme, { kitControls: ['select'] });

const DARK = '(prefers-color-scheme: dark)';

/** Whether the page asks for dark colours, kept up to date. */
function usePrefersDark(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = matchMedia(DARK);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => matchMedia(DARK).matches,
  );
}

/**
 * The stylesheet only while a story of this section is shown: it is a whole Tailwind build with its
 * page-wide reset, which would restyle every other story of the Storybook page after a visit. Its
 * `.dark` palette follows `prefers-color-scheme`, as the kit does, as a host's app would set both.
 */
function ShadcnStyles({ children }: { children: ReactNode }) {
  const dark = usePrefersDark();
  useLayoutEffect(() => {
    const style = document.createElement('style');
    style.dataset['theme'] = 'shadcn';
    style.textContent = shadcnCss;
    document.head.append(style);
    return () => style.remove();
  }, []);
  return <div className={dark ? 'dark' : undefined}>{children}</div>;
}

const withShadcnStyles: Decorator = (Story) => (
  <ShadcnStyles>
    <Story />
  </ShadcnStyles>
);

const meta = {
  title: 'Themes/shadcn',
  component: ElicitationForm,
  tags: ['autodocs'],
  decorators: [withShadcnStyles],
  parameters: {
    layout: 'padded',
    // Once answered, the form's controls are disabled, and shadcn's checkbox then dims its whole block,
    // description included, to half opacity: an inactive control, which WCAG 1.4.3 exempts from contrast.
    a11y: { context: { include: ['body'], exclude: ['.cursor-not-allowed.opacity-50'] } },
  },
  args: {
    request: everyKindRequest(),
    server: { name: 'Deploy bot', id: 'deploy-1' },
    widgets: shadcnWidgets,
    onRespond: fn(),
    onSettled: fn(),
  },
  argTypes: {
    onRespond: { table: { category: 'Events' } },
    onSettled: { table: { category: 'Events' } },
    widgets: { control: false },
  },
} satisfies Meta<ElicitationFormProps & ThemedHostArgs>;

export default meta;

type Story = StoryObj<ElicitationFormProps & ThemedHostArgs>;

/**
 * Every kind and every enum variant drawn by shadcn's widgets (Radix radios and checkboxes), but the
 * 60-option select, which is the kit's combobox; as first met.
 */
export const EveryKind: Story = {
  name: 'Every kind and enum variant',
  tags: ['time-zone'],
};

/**
 * Every field answered through the theme's widgets: Accept sends exactly what the kit's own widgets send
 * for the same input, once, the multi-selects in option order.
 */
export const EveryKindAnswered: Story = {
  ...EveryKind,
  name: 'Every kind and enum variant: answered',
  tags: ['time-zone', '!dev', '!autodocs'],
  play: async (context) => {
    await EveryKind.play?.(context);
    await answerEveryKind(context, async (label, option) => {
      await context.userEvent.type(context.canvas.getByRole('combobox', { name: label }), option);
      await context.userEvent.click(context.canvas.getByRole('option', { name: option }));
    });
  },
};

/**
 * `ElicitationHost` with shadcn's widgets: two servers, one with two requests, the other with a round;
 * the play fills the first request through the theme and leaves every request to answer.
 */
export const Host: Story = {
  name: 'ElicitationHost: two servers and a round',
  // On the Docs page, where every story mounts at once, the host leaves the focus (and the scroll) alone.
  render: (args, { viewMode }) => (
    <ThemedHost widgets={args.widgets} onSettled={args.onSettled} autoFocus={viewMode !== 'docs'} />
  ),
  play: fillThemedHost,
};

/**
 * The host answered through the theme (all five enum variants), the last request declined: what each
 * server received, listed beside the empty host.
 */
export const HostAnswered: Story = {
  ...Host,
  name: 'ElicitationHost: two servers and a round: answered',
  tags: ['!dev', '!autodocs', 'shot'],
  play: async (context) => {
    await Host.play?.(context);
    await answerThemedHost(context);
  },
};
