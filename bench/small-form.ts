/** The small form of the bench's form and cold-start cases (no React, no rjsf: each cold page imports it). */

/**
 * The small form: the first six fields of the reference server's (`@modelcontextprotocol/server-everything`)
 * `trigger-elicitation-request` form, as it sends them: name (required), a boolean, a text with a default,
 * an email, a URI and a date.
 */
export const SMALL_FORM = {
  type: 'object',
  properties: {
    name: { title: 'String', type: 'string', description: 'Your full, legal name' },
    check: { title: 'Boolean', type: 'boolean', description: 'Agree to the terms and conditions' },
    firstLine: {
      title: 'String with default',
      type: 'string',
      description: 'Favorite first line of a story',
      default: 'It was a dark and stormy night.',
    },
    email: { title: 'String with email format', type: 'string', format: 'email', description: 'Your email address' },
    homepage: { title: 'String with uri format', type: 'string', format: 'uri', description: 'Your homepage' },
    birthdate: { title: 'String with date format', type: 'string', format: 'date', description: 'Your date of birth' },
  },
  required: ['name'],
} as const;
