/** A paged two-column grid of goods with load-more, empty and error states (the kernel's List). */
import type { ReactNode } from 'react';
import type { PagedState } from '@kernel/client/hooks';
import { List, Skeleton } from '@kernel/client/ui';
import type { GoodsCard as Card } from '../contract';
import { GoodsCard } from './GoodsCard';

export function GoodsGrid({ state, empty }: { state: PagedState<Card>; empty?: ReactNode }) {
  return (
    <List
      state={state}
      columns={2}
      itemKey={(goods) => goods.id}
      renderItem={(goods) => <GoodsCard goods={goods} />}
      loading={<Skeleton image={1} rows={2} count={4} className="goods-grid__skeleton" />}
      empty={empty}
      className="goods-grid"
    />
  );
}
