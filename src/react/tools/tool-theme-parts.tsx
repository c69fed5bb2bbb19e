/** What the tool form's templates share: the form context, the required mark, group errors, unions. */
import { descriptionId, errorId, type FieldTemplateProps, type RJSFSchema } from '@rjsf/utils';
import { createContext } from 'react';
import { type ToolFormData } from '../../tools/rjsf/index.js';
import type { ToolCallFormLabels } from './tool-labels.js';
import type { KitFormContext } from '../theme/widgets/parts.js';
import type { ToolSchemaDialect } from '../../tools/index.js';

/** What the tool form's templates read from rjsf's `formContext`. */
export interface ToolFormContext extends KitFormContext {
  toolLabels: ToolCallFormLabels;
  /** The dialect of the tool's schema, which says how a tuple is spelt. */
  dialect: ToolSchemaDialect;
  /** Records which option an option selector shows (`-1`: none); `undefined` when the selector is gone. */
  reportOption: (selectorId: string, option: number | undefined) => void;
}

export type TemplateRegistry = FieldTemplateProps<ToolFormData, RJSFSchema, ToolFormContext>['registry'];

export function toolLabels(registry: TemplateRegistry): ToolCallFormLabels {
  return registry.formContext.toolLabels;
}

/** The visible mark after a required group's legend; screen readers are not told twice. */
export function Required({ registry }: { registry: TemplateRegistry }) {
  return (
    <span className="mek-required-mark" aria-hidden="true">
      {' '}
      {toolLabels(registry).requiredMark}
    </span>
  );
}

/** Messages with the id a group names in `aria-describedby`; nothing when there are none. */
export function GroupErrors({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  const list = (errors ?? []).filter((error) => error !== '');
  if (list.length === 0) return null;
  return (
    <div id={id} className="mek-field-error">
      {list.map((error, index) => (
        <p key={index}>{error}</p>
      ))}
    </div>
  );
}

export function hasText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/** `aria-describedby` of a group: its errors first, then its description. */
export function groupDescribedBy(
  id: string,
  errors: readonly string[] | undefined,
  description: unknown,
): string | undefined {
  const ids = [];
  if ((errors ?? []).some((error) => error !== '')) ids.push(errorId(id));
  if (hasText(description)) ids.push(descriptionId(id));
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** `true` for a schema rjsf draws as an option selector (a `oneOf`/`anyOf` that is not an enum). */
export function isUnion(schema: RJSFSchema, registry: TemplateRegistry): boolean {
  return (Array.isArray(schema.oneOf) || Array.isArray(schema.anyOf)) && !registry.schemaUtils.isSelect(schema);
}

/** Whether the union around an option selector is required: rjsf does not tell the selector, where the mark belongs. */
export const UnionRequired = createContext(false);

/** The object rjsf draws as a union's picked option: it gets the union's `required`, already marked at the selector. */
export const UnionOption = createContext(false);
