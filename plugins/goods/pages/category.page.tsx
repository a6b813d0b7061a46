/**
 * The category page (tab bar): first-level categories on the left, the chosen one's children as
 * a picture grid on the right. Tapping leads to the goods list of that category.
 */
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useKernel, useT } from '@kernel/client/hooks';
import { Empty, ErrorState, Img, Link, Loader, Page } from '@kernel/client/ui';
import type { CategoryNode } from '../contract';
import { catalogueStore, loadCategories } from '../store';
import { LIST_PATH } from './paths';
import './category.css';

export default function CategoryPage() {
  const kernel = useKernel();
  const { t } = useT('goods');
  const { tree, status, error } = useSnapshot(catalogueStore);
  const [activeId, setActiveId] = useState<number | null>(null);

  useEffect(() => {
    void loadCategories(kernel.http);
  }, [kernel]);

  if (status === 'error' && tree.length === 0) {
    return (
      <Page>
        <ErrorState message={error} onRetry={() => void loadCategories(kernel.http, catalogueStore, true)} />
      </Page>
    );
  }
  if (tree.length === 0) {
    return <Page>{status === 'ready' ? <Empty text={t('category.empty')} /> : <Loader />}</Page>;
  }

  const active = (tree.find((node) => node.id === activeId) ?? tree[0]) as CategoryNode;
  return (
    <Page className="goods-category">
      <nav className="goods-category__side" aria-label={t('title.category')}>
        {tree.map((node) => (
          <button
            key={node.id}
            type="button"
            className={`goods-category__root${node.id === active.id ? ' goods-category__root--active' : ''}`}
            aria-current={node.id === active.id ? 'true' : undefined}
            onClick={() => setActiveId(node.id)}
          >
            {node.categoryName}
          </button>
        ))}
      </nav>
      <section className="goods-category__main" aria-label={active.categoryName}>
        <Link to={LIST_PATH} query={{ category_id: active.id }} className="goods-category__all">
          {t('category.all', { name: active.categoryName })}
        </Link>
        <div className="goods-category__grid">
          {active.children.map((child) => (
            <Link key={child.id} to={LIST_PATH} query={{ category_id: child.id }} className="goods-category__child">
              <Img src={child.categoryImage} alt="" ratio={1} round sizes="80px" className="goods-category__icon" />
              <span>{child.categoryName}</span>
            </Link>
          ))}
        </div>
      </section>
    </Page>
  );
}
