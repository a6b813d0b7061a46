/** Home section: the first-level categories as an icon grid, from the store the boot hook filled. */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useBootT, useKernel } from '@kernel/client/hooks';
import { ErrorState, Grid, Skeleton } from '@kernel/client/ui';
import { LIST_PATH } from '../pages/paths';
import { catalogueStore, loadCategories } from '../store';
import { buildPath } from '@kernel/client/url';
import './sections.css';

export default function CategoryGrid() {
  const kernel = useKernel();
  const { t } = useBootT('goods');
  const { tree, status, error } = useSnapshot(catalogueStore);

  useEffect(() => {
    void loadCategories(kernel.http);
  }, [kernel]);

  if (status === 'error' && tree.length === 0) {
    return <ErrorState message={error} onRetry={() => void loadCategories(kernel.http, catalogueStore, true)} />;
  }
  if (tree.length === 0) return status === 'ready' ? null : <Skeleton rows={1} count={1} />;
  const items = tree.map((node) => ({
    key: String(node.id),
    label: node.categoryName,
    icon: node.categoryImage || 'category',
    to: buildPath(LIST_PATH, { category_id: node.id }),
  }));
  return (
    <section className="goods-section goods-section--grid" aria-label={t('section.categories')}>
      <Grid items={items} columns={5} />
    </section>
  );
}
