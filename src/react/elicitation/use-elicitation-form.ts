/** `useElicitationForm(request)`: the headless form model as a hook, for a host that renders its own components. */
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';

import { usePatternEngine, type PatternEngineStatus } from '../shared/use-pattern-engine.js';
import {
  createElicitationFormModel,
  isSchemaValidatorLoaded,
  loadSchemaValidator,
  type Draft,
  type DraftValue,
  type ElicitationFormModel,
  type ElicitResult,
  type FieldState,
  type FormReading,
  type FormSnapshot,
  type SubmitResult,
} from '../../core/index.js';

/** Options of `useElicitationForm`. */
export interface UseElicitationFormOptions {
  /** Called exactly once per request with the answer given through `accept`, `decline` or `cancel`. */
  onRespond?: ((result: ElicitResult) => void) | undefined;
  /** The person's earlier draft, read once per request (`createElicitationFormModel`'s `initialDraft`). */
  initialDraft?: Readonly<Draft> | undefined;
  /**
   * The host's policy for a form that asks for a secret (MCP 2025-11-25, "Elicitation" → "Security
   * Considerations": servers must not): `warn` (default) shows it with a warning, `refuse` offers only Decline
   * and Cancel (`accept` sends nothing), `allow` shows it without the warning. Secrets are masked and kept out
   * of drafts under every policy.
   */
  secrets?: SecretPolicy | undefined;
  /**
   * Whether the host fills file fields (SEP-2356 `x-mcp-file`, a draft: experimental). Off by default: a form that
   * asks for a file then offers only Decline and Cancel (`accept` sends nothing).
   */
  files?: boolean | undefined;
}

/** A form's file fields (SEP-2356) and whether the host opted in to fill them. */
export interface FilesState {
  /** The keys of the file fields, in field order (empty: none). */
  keys: readonly string[];
  /** Whether the form asks for a file and the host did not opt in (`files`): show only Decline and Cancel. */
  refused: boolean;
}

/** What a host does with a form that asks for a secret. */
export type SecretPolicy = 'warn' | 'refuse' | 'allow';

/** A form's secret fields and what the host's policy makes of them. */
export interface SecretsState {
  /** The keys of the fields that ask for a secret, in field order (empty: none). */
  keys: readonly string[];
  /** The host's policy. */
  policy: SecretPolicy;
  /** Whether the form asks for a secret and the policy is `refuse`: show only Decline and Cancel. */
  refused: boolean;
  /** Whether to warn the person: the form asks for a secret and the policy is `warn`. */
  warn: boolean;
}

/** What `useElicitationForm` returns: the model's state now, and the person's actions. */
export interface ElicitationFormState {
  /** The model itself, for per-field subscriptions (`useFormField`). */
  model: ElicitationFormModel;
  /** What core read of the request: the fields, or why the form is refused. */
  reading: FormReading;
  /** Status, draft, shown errors, refused attempts and the answer. */
  snapshot: FormSnapshot;
  /** Sets a field's value (`undefined` empties it). */
  setValue: (key: string, value: DraftValue | undefined) => void;
  /**
   * Accept: sends core's content when the answer conforms, else shows every error; returns core's verdict,
   * or `undefined` while a checker loads (the answer is judged once it has).
   */
  accept: () => SubmitResult | undefined;
  /**
   * The checkers loaded on demand (the pattern engine for a `pattern`, the complete validator for rules core does
   * not check): `loading` (Accept waits), `failed` (Accept retries the load) or `ready`.
   */
  engine: PatternEngineStatus;
  /** Whether an Accept is waiting for a checker to load. */
  acceptWaits: boolean;
  /** The person said no (`decline`). */
  decline: () => void;
  /** The person dismissed the request without choosing (`cancel`). */
  cancel: () => void;
  /** The form's secret fields and the host's policy for them. */
  secrets: SecretsState;
  /** The form's file fields and whether the host fills them. */
  files: FilesState;
}

/** The error `accept` returns while the host's policy refuses a form that asks for a secret. */
const SECRET_REFUSED: SubmitResult = {
  ok: false,
  errors: [
    {
      field: '',
      code: 'secret-refused',
      message: 'This form asks for a password or key, which the host refuses; decline or cancel instead.',
    },
  ],
};

/** The error `accept` returns for a form that asks for a file when the host did not opt in. */
const FILES_REFUSED: SubmitResult = {
  ok: false,
  errors: [
    {
      field: '',
      code: 'files-refused',
      message: 'This form asks for a file, which the host cannot send; decline or cancel instead.',
    },
  ],
};

function filesOf(model: ElicitationFormModel, enabled: boolean): FilesState {
  const keys = model.fileKeys;
  return { keys, refused: keys.length > 0 && !enabled };
}

function secretsOf(model: ElicitationFormModel, policy: SecretPolicy): SecretsState {
  const keys = model.secretKeys;
  const asks = keys.length > 0;
  return { keys, policy, refused: asks && policy === 'refuse', warn: asks && policy === 'warn' };
}

/** The complete JSON Schema validator, for forms with rules core does not check. */
const VALIDATOR = { isLoaded: isSchemaValidatorLoaded, load: loadSchemaValidator };

function useModel(request: unknown, initialDraft: Readonly<Draft> | undefined): ElicitationFormModel {
  // The draft seeds a new model only: later drafts are the person's own typing coming back.
  const [current, setCurrent] = useState(() => ({
    request,
    model: createElicitationFormModel(request, { initialDraft }),
  }));
  if (current.request === request) return current.model;
  const next = { request, model: createElicitationFormModel(request, { initialDraft }) };
  setCurrent(next);
  return next.model;
}

const whole = (snapshot: FormSnapshot): unknown => snapshot;

/** The headless form of one form-mode elicitation. `request` is untrusted: core reads it. */
export function useElicitationForm(request: unknown, options: UseElicitationFormOptions = {}): ElicitationFormState {
  return useFormWatching(request, options, whole);
}

/**
 * `useElicitationForm`, re-rendering only when `watch` of the snapshot changes (internal): a view whose fields
 * and errors subscribe on their own watches the answer, so a tick does not redraw the whole prompt.
 */
export function useFormWatching(
  request: unknown,
  options: UseElicitationFormOptions,
  watch: (snapshot: FormSnapshot) => unknown,
): ElicitationFormState {
  const model = useModel(request, options.initialDraft);
  const read = useCallback(() => watch(model.getSnapshot()), [model, watch]);
  useSyncExternalStore(model.subscribe, read, read);
  const snapshot = model.getSnapshot();
  // The latest callback, so a parent passing a new function each render changes nothing.
  const onRespond = useRef(options.onRespond);
  useEffect(() => {
    onRespond.current = options.onRespond;
  });
  const respond = useCallback(
    (result: ElicitResult) => {
      if (model.respond(result)) onRespond.current?.(result);
    },
    [model],
  );
  const submit = useCallback(() => {
    const verdict = model.submit();
    if (verdict.ok) respond(verdict.result);
    return verdict;
  }, [model, respond]);
  const policy = options.secrets ?? 'warn';
  const secrets = useMemo(() => secretsOf(model, policy), [model, policy]);
  const filesEnabled = options.files === true;
  const files = useMemo(() => filesOf(model, filesEnabled), [model, filesEnabled]);
  const engine = usePatternEngine(model.needsPatternEngine, model.needsSchemaValidator ? VALIDATOR : undefined);
  const [acceptWaits, setAcceptWaits] = useState(false);
  const { status, retry } = engine;
  useEffect(() => {
    if (status !== 'ready' || !acceptWaits) return;
    // The engine's readiness comes from outside React (a module load): the Accept that waited runs once.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setAcceptWaits(false);
    submit();
  }, [status, acceptWaits, submit]);
  return {
    model,
    reading: model.reading,
    snapshot,
    setValue: model.setValue,
    accept: useCallback(() => {
      if (secrets.refused) return SECRET_REFUSED;
      if (files.refused) return FILES_REFUSED;
      if (status === 'ready') return submit();
      setAcceptWaits(true);
      retry();
      return undefined;
    }, [status, submit, retry, secrets, files]),
    engine: status,
    acceptWaits,
    decline: useCallback(() => respond({ action: 'decline' }), [respond]),
    cancel: useCallback(() => respond({ action: 'cancel' }), [respond]),
    secrets,
    files,
  };
}

/** One field of a model: re-renders only when that field's value or error changes. */
export function useFormField(model: ElicitationFormModel, key: string): FieldState | undefined {
  const subscribe = useCallback((listener: () => void) => model.subscribeField(key, listener), [model, key]);
  const read = useCallback(() => model.getField(key), [model, key]);
  return useSyncExternalStore(subscribe, read, read);
}
