/** A refusal of a step, marked as belonging to a form field (the reply's `data.field`), so the form shows it there. */
import { BizError } from '@kernel/core/errors';

export async function beside(field: string, step: Promise<void>): Promise<void> {
  try {
    await step;
  } catch (error) {
    if (error instanceof BizError && error.data === null) throw new BizError(error.key, error.params, { field });
    throw error;
  }
}
