/** The reply envelope stamped with the server's clock (tests move it). */
import type { Reply } from '../core/envelope';
import type { Clock } from './clock';

export function envelope(clock: Clock) {
  const time = () => String(Math.floor(clock.now() / 1000));
  return {
    success: <T>(data: T, msg = ''): Reply<T> => ({ code: 1, msg, time: time(), data }),
    failure: (msg: string, data: unknown = null): Reply<unknown> => ({ code: 0, msg, time: time(), data }),
  };
}
