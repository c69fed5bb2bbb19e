/**
 * Cold start, the floor: React and a bare form of the same six inputs, no kit and no rjsf. What React alone
 * costs a page says how far below rjsf any React form can start.
 */
import { createRoot } from 'react-dom/client';

import { SMALL_FORM } from '../small-form.js';
import { probeFirstInput } from './probe.js';

const TYPES: Record<string, string> = { email: 'email', uri: 'url', date: 'date' };

probeFirstInput();
createRoot(document.getElementById('root') as HTMLElement).render(
  <form>
    <p>Please provide inputs for the following fields:</p>
    {Object.entries(SMALL_FORM.properties).map(([key, property]) => (
      <label key={key}>
        {property.title}
        <input
          name={key}
          type={
            property.type === 'boolean' ? 'checkbox' : (TYPES['format' in property ? property.format : ''] ?? 'text')
          }
        />
      </label>
    ))}
    <button type="submit">Submit</button>
  </form>,
);
