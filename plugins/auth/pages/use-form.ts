/**
 * Form state for the auth pages: values by field name and the one problem shown at a time
 * (the checks stop at the first, in page order). `field(name)` spreads straight onto a <Field>.
 */
import { useState } from 'react';
import { useT } from '@kernel/client/hooks';
import type { FieldProblem } from '../forms';

export function useForm<V extends Record<string, string>>(initial: V) {
  const { t } = useT('auth');
  const [values, setValues] = useState(initial);
  const [problem, setProblem] = useState<FieldProblem | null>(null);

  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    error: problem?.field === name ? t(problem.key) : null,
    onChange: (value: string) => {
      setValues((current) => ({ ...current, [name]: value }));
      if (problem?.field === name) setProblem(null);
    },
  });

  /** Shows the problem, if any; true when the form may be sent. */
  const check = (found: FieldProblem | null): boolean => {
    setProblem(found);
    return found === null;
  };

  return { values, field, check };
}
