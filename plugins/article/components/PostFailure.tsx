/**
 * What a detail page shows when its article or notice did not come: the shop's refusal (none such,
 * hidden, not published yet; retrying cannot help) with the way to the list, or a failure (the
 * network, the server) with a retry.
 */
import type { CallError } from '@kernel/client/call-error';
import { useNav } from '@kernel/client/hooks';
import { Button, Empty, ErrorState } from '@kernel/client/ui';

export interface PostFailureProps {
  error: CallError | null;
  onRetry: () => void;
  /** The list to go to instead, and its button's text. */
  list: string;
  listLabel: string;
}

export function PostFailure({ error, onRetry, list, listLabel }: PostFailureProps) {
  const nav = useNav();
  if (error?.reason !== 'business') return <ErrorState message={error?.msg} onRetry={onRetry} />;
  return (
    <Empty
      text={error.msg}
      action={
        <Button size="small" round onClick={() => nav.to(list)}>
          {listLabel}
        </Button>
      }
    />
  );
}
