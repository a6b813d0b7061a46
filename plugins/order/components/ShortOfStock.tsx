/**
 * A buy-now settlement refused because the stock is short of the quantity asked for (a link with
 * `num=500`): the refusal, a retry, and the way on: buying the quantity there is.
 */
import { useT } from '@kernel/client/hooks';
import { Button, ErrorState } from '@kernel/client/ui';
import type { CallError } from '@kernel/client/call-error';
import './short-of-stock.css';

/** How many are in stock, when the refusal says the stock is short (`data.available`, at least one). */
export function availableOf(error: CallError | null): number | null {
  const available = (error?.data as { available?: unknown } | null)?.available;
  return typeof available === 'number' && Number.isInteger(available) && available > 0 ? available : null;
}

export function ShortOfStock({ message, available, onBuy, onRetry }: { message: string; available: number; onBuy: () => void; onRetry: () => void }) {
  const { t } = useT('order');
  return (
    <div className="order-short-stock">
      <ErrorState message={message} onRetry={onRetry} />
      <Button variant="primary" round onClick={onBuy}>
        {t('settlement.buy_available', { count: available })}
      </Button>
    </div>
  );
}
