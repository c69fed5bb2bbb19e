/** Cold start, the kit: `ElicitationForm` with the six-field form, the only thing the page does. */
import { createRoot } from 'react-dom/client';

import { ElicitationForm, type ElicitRequestFormParams, type RequestedSchema } from '../../src/index.js';
import { SMALL_FORM } from '../small-form.js';
import { probeFirstInput } from './probe.js';

const request: ElicitRequestFormParams = {
  message: 'Please provide inputs for the following fields:',
  requestedSchema: SMALL_FORM as unknown as RequestedSchema,
};
probeFirstInput();
createRoot(document.getElementById('root') as HTMLElement).render(
  <ElicitationForm request={request} server={{ name: 'bench' }} onRespond={() => {}} />,
);
