/**
 * The article plugin's test set-up: a storefront with article enabled (SQLite, or PostgreSQL
 * under `npm run test:pg`), a few goods to link, and posts written as the operator writes them.
 */
import { createTestServer, type TestServer } from '@kernel/server/testing';
import { createCategory, createGoods, type NewGoods } from '@plugins/goods/admin.service';
import { addPost, type NewPost } from './publish';

/** 2026-03-02 10:00 in Shanghai. */
export const START = Date.UTC(2026, 2, 2, 2, 0, 0);
export const HOUR = 3600;
export const DAY = 86_400;

export interface ArticleFixture {
  t: TestServer;
  /** Goods on sale: a phone and earbuds; `off` is off sale. */
  goods: { phone: number; pods: number; off: number };
  /** Writes a post published an hour ago unless told otherwise; its id. */
  post(input: Partial<NewPost> & { title: string }): Promise<number>;
}

export async function articleFixture(): Promise<ArticleFixture> {
  const t = await createTestServer({ plugins: ['article'], now: START });
  const now = t.clock.nowSeconds();
  const categoryId = await createCategory(t.db, { parentId: 0, name: '数码', initials: 's' });
  const goods = (name: string, nameEn: string, onSale = true) => {
    const input: NewGoods = { categoryId, brandId: null, name, nameEn, marketPrice: 0, unit: '件', specs: [], skus: [{ spec: {}, price: 9900, stock: 10 }], detailHtml: '', onSale, createdAt: now };
    return createGoods(t.db, input);
  };
  const phone = await goods('极光手机', 'Aurora phone');
  const pods = await goods('声悦耳机', 'Sonic earbuds');
  const off = await goods('旧款耳机', 'Old earbuds', false);
  return {
    t,
    goods: { phone, pods, off },
    post: (input) =>
      addPost(t.db, { kind: 'article', bodyHtml: '<p>正文</p>', publishedAt: t.clock.nowSeconds() - HOUR, ...input, now: t.clock.nowSeconds() }),
  };
}
