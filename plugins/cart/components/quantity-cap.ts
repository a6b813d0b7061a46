/**
 * What the cart's steppers say when a typed quantity is more than can be had: the stock, or the
 * most one cart line may hold, so 999 does not become 29 without a word.
 */
import { toast } from '@kernel/client/ui';
import { MAX_QUANTITY } from '../limits';

type T = (key: string, params?: Record<string, unknown>) => string;

/** The Stepper's `onClamp` for a cart quantity (`t` is the cart namespace's). */
export const sayCap =
  (t: T) =>
  (requested: number, limit: number): void => {
    if (requested > limit) toast(t(limit < MAX_QUANTITY ? 'capped.stock' : 'capped.max', { count: limit }));
  };
