/**
 * `<ToolResultView>`: a `tools/call` result for a person: the verdict on its `structuredContent`, the
 * value drawn by shape, and the text blocks. Everything is shown as text (MCP 2025-11-25, "Elicitation" → "Security Considerations": no clickable URLs
 * from a server); nesting and rows are capped (`maxDepth`, `maxRows`) until the person asks for all.
 */
import { useId, useMemo, useState, type ReactNode } from 'react';

import {
  TOOL_RESULT_NOTES,
  validateToolResult,
  type CallToolResult,
  type SchemaLimits,
  type Tool,
} from '../../tools/index.js';
import { hasPatterns } from '../../tools/rjsf/index.js';
import { usePatternEngine } from '../shared/use-pattern-engine.js';
import { jsonText } from '../../shared/path.js';
import { defaultToolResultViewLabels, toolDisplayName, type ToolResultViewLabels } from './tool-labels.js';
import '../theme/elicit-kit.css';
import '../theme/tools.css';

/**
 * A screenful many times over, and few enough (200 rows × a few dozen columns) that React draws them without a pause.
 */
const DEFAULT_RESULT_ROWS = 200;

/** Levels of nesting drawn: real results nest a handful; the cap also bounds hostile nesting. */
const DEFAULT_RESULT_DEPTH = 8;

/** The props of `ToolResultView`. */
export interface ToolResultViewProps {
  /** The tool that was called; its `outputSchema` (if any) is what `structuredContent` is checked against. */
  tool: Tool;
  /** The `tools/call` result. Treated as untrusted; never rendered as HTML. */
  result: CallToolResult;
  /** Replaces any of the view's strings (`ToolResultViewLabels`). */
  labels?: Partial<ToolResultViewLabels>;
  /** Forces the light or dark theme; without it the kit follows `prefers-color-scheme`. */
  theme?: 'light' | 'dark';
  /** `compact` tightens spacing and controls (the `--mek-*` tokens README.md lists); `comfortable` by default. */
  density?: 'comfortable' | 'compact';
  /** Limits for compiling `outputSchema` and validating; default `DEFAULT_SCHEMA_LIMITS`. */
  limits?: SchemaLimits;
  /** Entries of each list, table or object shown before a "show all" button (default 200). */
  maxRows?: number;
  /** Levels of nesting drawn; deeper values are summarised (default 8). */
  maxDepth?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

interface Draw {
  labels: ToolResultViewLabels;
  maxRows: number;
  maxDepth: number;
}

function typeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** The empty string shows as `""`, never mistaken for nothing; `quoteStrings` when "null" and `null` must differ. */
function Primitive({ value, quoteStrings = false }: { value: unknown; quoteStrings?: boolean }) {
  const type = typeOf(value);
  let text: string;
  if (typeof value === 'string') text = quoteStrings || value === '' ? JSON.stringify(value) : value;
  else if (typeof value === 'number') text = Number.isFinite(value) ? JSON.stringify(value) : String(value);
  else if (typeof value === 'boolean' || value === null) text = String(value);
  // Objects never reach here (callers draw them as tables); what is left is what JSON lacks.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- undefined, a bigint or a symbol.
  else text = String(value);
  return (
    <span className="mek-value" data-type={value === '' ? 'empty' : type}>
      {text}
    </span>
  );
}

function useCap<T>(items: readonly T[], maxRows: number): { shown: readonly T[]; showAll: () => void } {
  const [all, setAll] = useState(false);
  return { shown: all || items.length <= maxRows ? items : items.slice(0, maxRows), showAll: () => setAll(true) };
}

function ShowAll({
  shown,
  total,
  onShowAll,
  labels,
}: {
  shown: number;
  total: number;
  onShowAll: () => void;
  labels: ToolResultViewLabels;
}) {
  if (shown >= total) return null;
  return (
    <p className="mek-hint">
      {labels.shownOf(shown, total)}{' '}
      <button type="button" className="mek-button mek-button-quiet" onClick={onShowAll}>
        {labels.showAll(total)}
      </button>
    </p>
  );
}

function isTable(value: unknown[]): value is Record<string, unknown>[] {
  return value.length > 0 && value.every(isRecord);
}

function columnsOf(rows: readonly Record<string, unknown>[]): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}

/** A table with a caption, a row-number column, and every key as a column (in the order first seen). */
function TableValue({
  rows,
  name,
  depth,
  draw,
}: {
  rows: Record<string, unknown>[];
  name: string | undefined;
  depth: number;
  draw: Draw;
}) {
  const { labels, maxRows } = draw;
  const cap = useCap(rows, maxRows);
  const columns = useMemo(() => columnsOf(rows), [rows]);
  const caption =
    name === undefined ? labels.tableCaption(rows.length) : `${name}: ${labels.tableCaption(rows.length)}`;
  return (
    <div className="mek-table-wrap">
      <table className="mek-table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{labels.rowNumber}</th>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {cap.shown.map((row, index) => (
            <tr key={index}>
              <th scope="row">{index + 1}</th>
              {columns.map((column) => (
                <td key={column}>
                  {Object.prototype.hasOwnProperty.call(row, column) ? (
                    <Value value={row[column]} name={column} depth={depth + 1} draw={draw} />
                  ) : (
                    <span className="mek-value" data-type="absent">
                      {labels.absentCell}
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ShowAll shown={cap.shown.length} total={rows.length} onShowAll={cap.showAll} labels={labels} />
    </div>
  );
}

function ListValue({ items, depth, draw }: { items: unknown[]; depth: number; draw: Draw }) {
  const { labels, maxRows } = draw;
  const cap = useCap(items, maxRows);
  return (
    <>
      <ol className="mek-list-value">
        {cap.shown.map((item, index) => (
          <li key={index}>
            <Value value={item} name={undefined} depth={depth + 1} draw={draw} />
          </li>
        ))}
      </ol>
      <ShowAll shown={cap.shown.length} total={items.length} onShowAll={cap.showAll} labels={labels} />
    </>
  );
}

function ObjectValue({ value, depth, draw }: { value: Record<string, unknown>; depth: number; draw: Draw }) {
  const { labels, maxRows } = draw;
  const keys = useMemo(() => Object.keys(value), [value]);
  const cap = useCap(keys, maxRows);
  return (
    <>
      <dl className="mek-dl">
        {cap.shown.map((key) => (
          <div key={key}>
            <dt>{key}</dt>
            <dd>
              <Value value={value[key]} name={key} depth={depth + 1} draw={draw} />
            </dd>
          </div>
        ))}
      </dl>
      <ShowAll shown={cap.shown.length} total={keys.length} onShowAll={cap.showAll} labels={labels} />
    </>
  );
}

/** `name` is the key the value sits under (for a table's caption). */
function Value({ value, name, depth, draw }: { value: unknown; name: string | undefined; depth: number; draw: Draw }) {
  const { labels } = draw;
  if (Array.isArray(value) || isRecord(value)) {
    if (depth >= draw.maxDepth) {
      return (
        <span className="mek-value" data-type="empty">
          {labels.tooDeep}
        </span>
      );
    }
  }
  if (Array.isArray(value)) {
    if (value.length === 0) {
      return (
        <span className="mek-value" data-type="empty">
          {labels.emptyArray}
        </span>
      );
    }
    return isTable(value) ? (
      <TableValue rows={value} name={name} depth={depth} draw={draw} />
    ) : (
      <ListValue items={value} depth={depth} draw={draw} />
    );
  }
  if (isRecord(value)) {
    if (Object.keys(value).length === 0) {
      return (
        <span className="mek-value" data-type="empty">
          {labels.emptyObject}
        </span>
      );
    }
    return <ObjectValue value={value} depth={depth} draw={draw} />;
  }
  return <Primitive value={value} />;
}

/** A named group, not a landmark, so several views can share a page. */
function Part({
  id,
  title,
  children,
  className = 'mek-section',
  verdict,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
  verdict?: string;
}) {
  return (
    <div role="group" aria-labelledby={id} className={className} data-verdict={verdict}>
      <p id={id} className="mek-section-title">
        {title}
      </p>
      {children}
    </div>
  );
}

/**
 * Shows a `tools/call` result: the error flag, the verdict on `structuredContent` against the tool's
 * `outputSchema` (issues by JSON Pointer, notes), the structured value and the text blocks. Nothing from
 * the result is rendered as HTML.
 */
export function ToolResultView({
  tool,
  result,
  labels: given,
  theme,
  density,
  limits,
  maxRows = DEFAULT_RESULT_ROWS,
  maxDepth = DEFAULT_RESULT_DEPTH,
}: ToolResultViewProps) {
  const labels = useMemo(
    () => (given === undefined ? defaultToolResultViewLabels : { ...defaultToolResultViewLabels, ...given }),
    [given],
  );
  const engine = usePatternEngine(useMemo(() => isRecord(tool) && hasPatterns(tool.outputSchema), [tool]));
  const verdict = useMemo(
    () => validateToolResult(tool, result, limits === undefined ? {} : { limits }),
    // Judged again once the engine is ready; until then the `$pattern-engine` issue is not shown.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- engine.status is the reason to judge again.
    [tool, result, limits, engine.status],
  );
  const pending = engine.status === 'loading';
  const baseId = `mek${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;
  const resultRecord: Record<string, unknown> = isRecord(result) ? result : {};
  const present =
    Object.prototype.hasOwnProperty.call(resultRecord, 'structuredContent') &&
    resultRecord.structuredContent !== undefined;
  const structured = resultRecord.structuredContent;
  // Inside a recognised {"result": …} wrapper, the wrapped value is the payload (TOOL_RESULT_NOTES).
  const unwrapped =
    present &&
    isRecord(structured) &&
    (verdict.checked === 'structuredContent.result' || verdict.notes.includes(TOOL_RESULT_NOTES.wrappedSchema));
  const shown = unwrapped && isRecord(structured) ? structured.result : structured;
  const content = Array.isArray(resultRecord.content) ? (resultRecord.content as unknown[]) : [];
  const draw: Draw = { labels, maxRows: Math.max(1, Math.floor(maxRows)), maxDepth: Math.max(1, Math.floor(maxDepth)) };
  const toolName = toolDisplayName(tool);
  return (
    <div
      role="group"
      className="mek-root mek-tool-result"
      data-theme={theme}
      data-density={density}
      data-verdict={pending ? undefined : verdict.verdict}
      aria-label={labels.viewName(toolName)}
    >
      {resultRecord.isError === true && <p className="mek-error-banner">{labels.errorResult}</p>}
      <Part
        id={`${baseId}-verdict`}
        title={labels.verdictTitle}
        className="mek-verdict"
        verdict={pending ? undefined : verdict.verdict}
      >
        <p className="mek-verdict-text" data-verdict={pending ? undefined : verdict.verdict}>
          {pending ? labels.verdictPending : labels.verdict(verdict.verdict)}
        </p>
        {!pending && verdict.issues.length > 0 && (
          <>
            <p className="mek-section-title">{labels.issuesTitle}</p>
            <ul>
              {verdict.issues.map((issue, index) => (
                <li key={index}>
                  <code className="mek-problem-path">{labels.issuePath(issue.pointer)}</code> {issue.message}
                </li>
              ))}
            </ul>
          </>
        )}
        {!pending && verdict.notes.length > 0 && (
          <>
            <p className="mek-section-title">{labels.notesTitle}</p>
            <ul className="mek-notes">
              {verdict.notes.map((note, index) => (
                <li key={index}>{note}</li>
              ))}
            </ul>
          </>
        )}
      </Part>
      <Part id={`${baseId}-structured`} title={labels.structuredTitle}>
        {!present ? (
          <p className="mek-value" data-type="absent">
            {labels.noStructured}
          </p>
        ) : Array.isArray(shown) || isRecord(shown) ? (
          <Value value={shown} name={undefined} depth={0} draw={draw} />
        ) : (
          <p>
            <Primitive value={shown} quoteStrings />
          </p>
        )}
      </Part>
      <Part id={`${baseId}-text`} title={labels.textTitle}>
        {content.length === 0 ? (
          <p className="mek-hint">{labels.noText}</p>
        ) : (
          content.map((block, index) => {
            if (isRecord(block) && block.type === 'text') {
              return (
                <pre key={index} className="mek-text-block">
                  {typeof block.text === 'string' ? block.text : (jsonText(block.text) ?? '')}
                </pre>
              );
            }
            const type = isRecord(block) && typeof block.type === 'string' ? block.type : typeOf(block);
            return (
              <p key={index} className="mek-hint">
                {labels.otherBlock(type)}
              </p>
            );
          })
        )}
      </Part>
    </div>
  );
}
