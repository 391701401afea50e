import type { ComponentChildren } from 'preact';
import { createContext } from 'preact';
import { useContext, useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from './api.js';
import { errorKey, useI18n, type Translate } from './i18n/index.js';
import { onLinkClick } from './router.js';

/** A link inside the app: followed without reloading the page. */
export function Link(props: { href: string; children: ComponentChildren; class?: string }) {
  return (
    <a href={props.href} class={props.class} onClick={onLinkClick}>
      {props.children}
    </a>
  );
}

/** The page's one heading: the target of the focus after each navigation (app.tsx), and the page's title. */
export function Heading({ children }: { children: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${heading.current?.textContent ?? ''} · Firma`;
  });
  return (
    <h1 ref={heading} tabIndex={-1} class="page-heading">
      {children}
    </h1>
  );
}

/** An error shown to the user: an API error's code in words, never the server's own text. */
export function messageOf(error: unknown, t: Translate): string {
  if (error instanceof ApiError) return t(errorKey(error.code), { seconds: error.retryAfter ?? 60 });
  return t('err_UNKNOWN');
}

/** Runs a form's action: busy while it runs, its failure as a translated sentence. */
export function useAction() {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(messageOf(caught, t));
    } finally {
      setBusy(false);
    }
  };
  return { busy, error, setError, run };
}

interface FormState {
  id: string;
  missing: Set<string>;
  hasError: boolean;
}
const FormContext = createContext<FormState>({ id: '', missing: new Set(), hasError: false });

/**
 * A form: its required fields checked before `onSubmit` (each empty one says so, tied to its input
 * with aria-describedby, and the first one focused); the action's error below, announced, and tied
 * to every field of the form.
 */
export function Form(props: {
  id: string;
  submitLabel: string;
  busy: boolean;
  error: string | null;
  onSubmit: () => void | Promise<void>;
  children: ComponentChildren;
  extra?: ComponentChildren;
}) {
  const [missing, setMissing] = useState<Set<string>>(new Set());
  const submit = (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const empty = [...form.querySelectorAll<HTMLInputElement>('input[required], select[required]')].filter(
      (input) => input.value.trim() === '',
    );
    setMissing(new Set(empty.map((input) => input.id)));
    if (empty.length > 0) {
      empty[0]?.focus();
      return;
    }
    void props.onSubmit();
  };
  return (
    <FormContext.Provider value={{ id: props.id, missing, hasError: props.error !== null }}>
      <form id={props.id} class="form" noValidate onSubmit={submit}>
        {props.children}
        {props.error && (
          <p id={`${props.id}-error`} class="form-error" role="alert">
            {props.error}
          </p>
        )}
        <div class="actions">
          <button type="submit" class="primary" disabled={props.busy}>
            {props.submitLabel}
          </button>
          {props.extra}
        </div>
      </form>
    </FormContext.Provider>
  );
}

/** A labelled input with its hint and its errors tied to it. */
export function Field(props: {
  id: string;
  label: string;
  value: string;
  onInput: (value: string) => void;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  hint?: string;
  required?: boolean;
  inputMode?: 'numeric' | 'text';
  autoFocus?: boolean;
}) {
  const { t } = useI18n();
  const form = useContext(FormContext);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (props.autoFocus) input.current?.focus();
  }, [props.autoFocus]);
  const missing = form.missing.has(props.id) && props.value.trim() === '';
  const describedBy = [
    props.hint ? `${props.id}-hint` : null,
    missing ? `${props.id}-missing` : null,
    form.hasError ? `${form.id}-error` : null,
  ].filter(Boolean);
  return (
    <div class="field">
      <label for={props.id}>{props.label}</label>
      {props.hint && (
        <p id={`${props.id}-hint`} class="hint">
          {props.hint}
        </p>
      )}
      <input
        ref={input}
        id={props.id}
        name={props.id}
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        required={props.required}
        aria-invalid={missing || form.hasError ? 'true' : undefined}
        aria-describedby={describedBy.length > 0 ? describedBy.join(' ') : undefined}
        onInput={(event) => props.onInput(event.currentTarget.value)}
      />
      {missing && (
        <p id={`${props.id}-missing`} class="field-error">
          {t('required')}
        </p>
      )}
    </div>
  );
}

/** A result said once to screen readers and shown. */
export function Status({ children }: { children: ComponentChildren }) {
  return (
    <p class="notice-ok" role="status">
      {children}
    </p>
  );
}

/** A value to copy (a secret, a link): shown as text, with a button that copies it. */
export function CopyValue(props: { id: string; label: string; value: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(props.value);
      setCopied(true);
    } catch {
      // Without clipboard access (http, a refused permission) the value stays selectable.
      setCopied(false);
    }
  };
  return (
    <div class="copy-value">
      <p class="label" id={`${props.id}-label`}>
        {props.label}
      </p>
      <code id={props.id} aria-labelledby={`${props.id}-label`}>
        {props.value}
      </code>
      <button type="button" onClick={() => void copy()} aria-describedby={`${props.id}-label`}>
        {t('copy')}
      </button>
      <span role="status">{copied ? t('copied') : ''}</span>
    </div>
  );
}
