import type { StorybookConfig } from '@storybook/react-vite';

/** Storybook for the kit: one `<Component>.stories.tsx` per public component, args from fixtures. */
const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  core: {
    // Nothing leaves the machine: no telemetry, no update checks.
    disableTelemetry: true,
    disableWhatsNewNotifications: true,
  },
};

export default config;
