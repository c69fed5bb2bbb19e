import type { StorybookConfig } from '@storybook/react-vite';

/**
 * Storybook for the kit: the Introduction page first (what it is, install, embedding), then one
 * `<Component>.stories.tsx` per public component, args from fixtures.
 */
const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../stories/Introduction.mdx', '../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y'],
  core: {
    // Nothing leaves the machine: no telemetry, no update checks.
    disableTelemetry: true,
    disableWhatsNewNotifications: true,
  },
  // The "Get started" checklist would sit over the sidebar, between a person and the components.
  features: { sidebarOnboardingChecklist: false },
  // The "Live host" story runs the MCP SDK in the page, and the tool stories run Ajv. Pre-bundled up front: when Vite discovers
  // them on first load it reloads the page, and a story test running at that moment fails.
  viteFinal: (viteConfig) => ({
    ...viteConfig,
    optimizeDeps: {
      ...viteConfig.optimizeDeps,
      include: [
        ...(viteConfig.optimizeDeps?.include ?? []),
        '@modelcontextprotocol/sdk/client/index.js',
        '@modelcontextprotocol/sdk/inMemory.js',
        '@modelcontextprotocol/sdk/server/mcp.js',
        '@modelcontextprotocol/sdk/types.js',
        'zod',
        // Tool stories compile schemas with Ajv's dialect classes; found late, they trigger the same reload.
        'ajv',
        'ajv/dist/2019.js',
        'ajv/dist/2020.js',
        'ajv-formats',
        // The theme sections (Themes/MUI, Themes/shadcn) and what their widgets import.
        '@rjsf/core',
        '@rjsf/mui',
        '@rjsf/shadcn',
        '@mui/material',
        '@emotion/react',
        '@emotion/styled',
      ],
    },
  }),
};

export default config;
