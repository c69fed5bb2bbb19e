/**
 * The kit's rjsf field for `number`/`integer` schemas. rjsf's own `NumberField` turns typed text into
 * a number with `Number()` before the widget's value reaches the form, so "   " silently becomes 0
 * and "0x10" becomes 16. The kit keeps the text exactly as typed and lets core `submitDraft`
 * decide (SPEC: text that is not a number is an error, never coerced): this field hands the schema
 * to rjsf's `StringField`, which passes the widget's value through unchanged.
 */
import type { FieldProps } from '@rjsf/utils';

/** rjsf's `StringField` for a number schema: the widget's text is stored as typed. */
export function NumberTextField(props: FieldProps) {
  const { StringField } = props.registry.fields;
  if (!StringField) return null;
  return <StringField {...props} />;
}
