/**
 * `mcp-elicit-kit/rjsf-theme`: an rjsf theme's widgets as the kit's, for the `widgets` of any form, round or host.
 * Its own entry so the React entry stays as small as it is. Needs `@rjsf/core` and `@rjsf/utils`
 * besides what `mcp-elicit-kit` needs, and the theme with its own peers.
 */
export type { RjsfThemeOptions } from './widgets-from-rjsf-theme.js';
export { DEFAULT_KIT_CONTROLS, widgetsFromRjsfTheme } from './widgets-from-rjsf-theme.js';
