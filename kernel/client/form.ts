/**
 * Form state for pages built from <Field>s: values by field name, problems shown under their
 * fields (one, or every one a check finds: at most one per field, the first wins), a server's
 * refusal shown beside each field it names, and a submit handler that ignores a second press
 * while the first is still running.
 *
 *   const form = useForm({ mobile: '', code: '' });
 *   const submit = form.handleSubmit({
 *     validate: (values) => mobileProblem(values.mobile),
 *     send: (values) => kernel.http.data(bindMobile, values),
 *   });
 *   <form onSubmit={submit}><Field label={t('mobile')} {...form.field('mobile')} /> <Button loading={form.busy} /></form>
 */
import { useCallback, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isCallError } from './call-error';
import { refusedFields } from './refusal';
import { toast } from './ui/overlay';

/** A problem with one field: an i18n key (`namespace:key`) and its parameters. */
export interface FieldProblem {
  field: string;
  key: string;
  params?: Record<string, unknown>;
  /** Already translated (a server's refusal): shown as it is instead of `key`. */
  message?: string;
}

/** What a check finds: nothing, one problem, or every problem at once. */
export type Problems = FieldProblem | readonly FieldProblem[] | null;

const asList = (found: Problems): FieldProblem[] => (found === null ? [] : Array.isArray(found) ? [...found] : [found as FieldProblem]);

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
  /**
   * Shows the problems, if any, under their fields (replacing those shown); true when there are
   * none and the form may be sent.
   */
  check: (problems: Problems) => boolean;
  /**
   * A failed call's refusal beside the fields it names (`data.problems`, or the one `data.field`),
   * replacing what was shown there. A wire name the form shows under another field maps through
   * `shownAs` (`{ district_code: 'area' }`). True when every problem is now beside a field on the
   * page; false for any other failure, or when some problem names no field shown (those that do
   * still show): the caller then shows the refusal's `msg` elsewhere as well.
   */
  refuse: (error: unknown, shownAs?: Readonly<Record<string, string>>) => boolean;
  /** A submit is running. */
  busy: boolean;
  /**
   * An onSubmit handler: prevents the page load, shows the problems `validate` finds, and
   * otherwise runs `send` with the values, one at a time (`busy` meanwhile).
   */
  handleSubmit: (steps: SubmitSteps<V>) => (event?: FormEvent) => void;
}

export interface SubmitSteps<V> {
  /** The problem(s) found, or null; runs synchronously, so a refusal never shows as busy. */
  validate?: (values: V) => Problems;
  send: (values: V) => Promise<unknown> | void;
}

export function useForm<V extends Record<string, string>>(initial: V): Form<V> {
  const { t } = useTranslation('kernel');
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [busy, setBusy] = useState(false);
  // A ref as well as state: two presses in one frame both see the state from before the first.
  const running = useRef(false);
  // The fields the page shows (bound with `field()`): a refusal can only be placed beside those.
  const shown = useRef(new Set<string>());

  // What the fields hold now, sets not yet rendered included: `set` compares against it.
  const latest = useRef(values);
  useLayoutEffect(() => {
    latest.current = values;
  }, [values]);

  // Stable, so an effect that fills a field can list it as a dependency. Setting the value a field
  // already holds is no edit and keeps its problem: such an effect, running just after a press,
  // must not wipe what the check found.
  const set = useCallback((name: keyof V & string, value: string) => {
    if (latest.current[name] === value) return;
    latest.current = { ...latest.current, [name]: value };
    setValues((current) => ({ ...current, [name]: value }));
    setProblems((current) => (current.some((p) => p.field === name) ? current.filter((p) => p.field !== name) : current));
  }, []);

  const field = (name: keyof V & string): BoundField => {
    shown.current.add(name);
    const problem = problems.find((p) => p.field === name);
    return {
      name,
      value: values[name],
      error: problem ? (problem.message ?? t(problem.key, problem.params)) : null,
      onChange: (value) => set(name, value),
    };
  };

  const check = (found: Problems) => {
    const list = asList(found);
    setProblems(list);
    return list.length === 0;
  };

  const refuse = (error: unknown, shownAs: Readonly<Record<string, string>> = {}) => {
    const refused = refusedFields(error).map(({ field, message }) => ({ field: shownAs[field] ?? field, key: '', message }));
    const placed = refused.filter((p) => shown.current.has(p.field));
    if (placed.length > 0) {
      // The first problem per field wins, as with a check; fields the refusal names are replaced.
      const fields = new Set(placed.map((p) => p.field));
      const first = placed.filter((p, i) => placed.findIndex((q) => q.field === p.field) === i);
      setProblems((current) => [...current.filter((p) => !fields.has(p.field)), ...first]);
    }
    return refused.length > 0 && placed.length === refused.length;
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

  return { values, field, set, check, refuse, busy, handleSubmit };
}

/**
 * What a form does with a failed call made with `toastError: false`: the refusal beside the
 * fields it names (`form.refuse`), else, or for what no field on the page shows, its message as a
 * toast. HTTP failures and time-outs the kernel has already shown; anything not a CallError is
 * thrown on.
 */
export function showRefusal(form: Pick<Form<Record<string, string>>, 'refuse'>, error: unknown, shownAs?: Readonly<Record<string, string>>): void {
  if (!isCallError(error)) throw error;
  if (!form.refuse(error, shownAs) && error.reason === 'business' && error.msg) toast(error.msg);
}
