/**
 * Form state for pages built from <Field>s: values by field name, the one problem shown at a time
 * (checks stop at the first, in page order, as the spec's forms do), and a submit handler that
 * ignores a second press while the first is still running.
 *
 *   const form = useForm({ mobile: '', code: '' });
 *   const submit = form.handleSubmit({
 *     validate: (values) => mobileProblem(values.mobile),
 *     send: (values) => kernel.http.data(bindMobile, values),
 *   });
 *   <form onSubmit={submit}><Field label={t('mobile')} {...form.field('mobile')} /> <Button loading={form.busy} /></form>
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** A problem with one field: an i18n key (`namespace:key`) and its parameters. */
export interface FieldProblem {
  field: string;
  key: string;
  params?: Record<string, unknown>;
}

/** The props `field(name)` spreads onto a <Field> (or PasswordField, CodeField). */
export interface BoundField {
  name: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}

export interface Form<V extends Record<string, string>> {
  values: V;
  field: (name: keyof V & string) => BoundField;
  /** Sets a value from code (a prefill), as typing would. */
  set: (name: keyof V & string, value: string) => void;
  /** Shows the problem, if any, under its field; true when there is none and the form may be sent. */
  check: (problem: FieldProblem | null) => boolean;
  /** A submit is running. */
  busy: boolean;
  /**
   * An onSubmit handler: prevents the page load, shows the first problem `validate` finds, and
   * otherwise runs `send` with the values, one at a time (`busy` meanwhile).
   */
  handleSubmit: (steps: SubmitSteps<V>) => (event?: FormEvent) => void;
}

export interface SubmitSteps<V> {
  /** The first problem in page order, or null; runs synchronously, so a refusal never shows as busy. */
  validate?: (values: V) => FieldProblem | null;
  send: (values: V) => Promise<unknown> | void;
}

export function useForm<V extends Record<string, string>>(initial: V): Form<V> {
  const { t } = useTranslation('kernel');
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<FieldProblem | null>(null);
  const [busy, setBusy] = useState(false);
  // A ref as well as state: two presses in one frame both see the state from before the first.
  const running = useRef(false);

  const set = (name: keyof V & string, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setProblem((current) => (current?.field === name ? null : current));
  };

  const field = (name: keyof V & string): BoundField => ({
    name,
    value: values[name],
    error: problem?.field === name ? t(problem.key, problem.params) : null,
    onChange: (value) => set(name, value),
  });

  const check = (found: FieldProblem | null) => {
    setProblem(found);
    return found === null;
  };

  const handleSubmit =
    ({ validate, send }: SubmitSteps<V>) =>
    (event?: FormEvent) => {
      event?.preventDefault();
      if (running.current || (validate && !check(validate(values)))) return;
      running.current = true;
      setBusy(true);
      void (async () => {
        try {
          await send(values);
        } finally {
          running.current = false;
          setBusy(false);
        }
      })();
    };

  return { values, field, set, check, busy, handleSubmit };
}
