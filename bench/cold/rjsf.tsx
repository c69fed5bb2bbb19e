/** Cold start, plain rjsf: `@rjsf/core`'s `Form` (default theme, Ajv validator) with the six-field form. */
import Form from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { createRoot } from 'react-dom/client';

import { SMALL_FORM } from '../small-form.js';
import { probeFirstInput } from './probe.js';

probeFirstInput();
createRoot(document.getElementById('root') as HTMLElement).render(
  <Form schema={SMALL_FORM as unknown as RJSFSchema} validator={validator} />,
);
