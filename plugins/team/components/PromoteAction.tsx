/**
 * The team's control in the goods detail's bottom bar (the `goods.actions` extension point). The
 * plugin's code imports this file, so it only defers to the real control, loaded with the detail
 * page's first render: nothing of it reaches the home route's bundle.
 */
import { lazy, Suspense } from 'react';
import type { GoodsActionProps } from '@plugins/goods/public-client';

const PromoteButton = lazy(() => import('./PromoteButton'));

export function PromoteAction(props: GoodsActionProps) {
  return (
    <Suspense fallback={null}>
      <PromoteButton {...props} />
    </Suspense>
  );
}
