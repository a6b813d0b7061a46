/**
 * The cart's button in the goods detail's bottom bar (the `goods.actions` extension point). The
 * manifest imports this file, so it only defers to the real button, loaded with the detail page's
 * first render: nothing of it reaches the home route's bundle.
 */
import { lazy, Suspense } from 'react';
import type { GoodsActionProps } from '@plugins/goods/public-client';

const AddToCart = lazy(() => import('./AddToCart'));

export function AddToCartAction(props: GoodsActionProps) {
  return (
    <Suspense fallback={null}>
      <AddToCart {...props} />
    </Suspense>
  );
}
