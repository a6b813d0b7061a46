import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { proxy } from 'valtio';
import { badge, inlinePlugin } from '@kernel/client/plugin';
import { createTestKernel, failReply, fakeApi, renderRoute } from '../../../tests/setup/kernel';
import { goodsActions, type GoodsActionProps } from '../actions';
import { contribute } from '@kernel/core/extension';
import { categoryTree, detail } from '../fixtures';

function setup(answer: (body: Record<string, unknown>) => unknown = () => detail(), extra = [] as ReturnType<typeof inlinePlugin>[]) {
  const api = fakeApi({ '/api/goods/getGoods': answer, '/api/goods/allCategoryTree': () => categoryTree() });
  const kernel = createTestKernel({ plugins: ['goods', ...extra], adapter: api });
  return { api, kernel };
}

const price = () => screen.getByTestId('goods-price').textContent;
const stock = () => screen.getByTestId('goods-stock').textContent;

describe('goods detail page', () => {
  it('shows pictures, price, market price, sales, stock and the goods facts', async () => {
    const { api, kernel } = setup();
    renderRoute(kernel, '/goods/detail/detail?id=7');
    expect(await screen.findByRole('heading', { name: '极光 X5 手机' })).toBeTruthy();
    expect(api.requests.find((r) => r.path === '/api/goods/getGoods')?.body).toEqual({ id: 7 });
    expect([...document.querySelectorAll('.goods-gallery img')].map((img) => img.getAttribute('src'))).toEqual(['/x5-1.svg', '/x5-2.svg', '/x5-3.svg']);
    // 白256G sells at its "was" price: no "was" price for the range as a whole.
    expect(price()).toBe('¥2999.00-¥3299.00');
    expect(screen.getByText('销量 1280')).toBeTruthy();
    expect(stock()).toBe('库存 9');
    for (const fact of ['极光', '手机', '台', 'JG-X5', '手机 ×1，数据线 ×1']) expect(screen.getByText(fact, { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('商品亮点', { selector: 'h3' })).toBeTruthy();
  });

  it('updates price, stock and picture as specs are chosen, and disables a sold-out combination', async () => {
    const { kernel } = setup();
    renderRoute(kernel, '/goods/detail/detail?id=7');
    await screen.findByRole('heading', { name: '极光 X5 手机' });
    expect(screen.getByText('请选择 颜色 / 存储')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '白' }));
    expect(screen.getByRole('button', { name: '256G' }).hasAttribute('disabled')).toBe(true);
    expect(stock()).toBe('库存 2');
    expect(screen.getByText('请选择 存储')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '黑' }));
    expect(screen.getByRole('button', { name: '256G' }).hasAttribute('disabled')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: '256G' }));
    expect(price()).toBe('¥3299.00原价 ¥3599.00');
    expect(stock()).toBe('库存 2');
    expect(screen.getByText('已选 黑 / 256G')).toBeTruthy();
    expect(document.querySelector('.goods-detail__thumb')?.getAttribute('src')).toBe('/x5-black.svg');

    fireEvent.click(screen.getByRole('button', { name: '256G' }));
    expect(screen.getByText('请选择 存储')).toBeTruthy();
  });

  it('shows the chosen SKU\'s own "was" price, and none when it is not above the price', async () => {
    const { kernel } = setup();
    renderRoute(kernel, '/goods/detail/detail?id=7');
    await screen.findByRole('heading', { name: '极光 X5 手机' });
    fireEvent.click(screen.getByRole('button', { name: '白' }));
    fireEvent.click(screen.getByRole('button', { name: '128G' }));
    expect(price()).toBe('¥2999.00原价 ¥3199.00');
    fireEvent.click(screen.getByRole('button', { name: '黑' }));
    expect(price()).toBe('¥2999.00原价 ¥3299.00');
    fireEvent.click(screen.getByRole('button', { name: '128G' }));
    fireEvent.click(screen.getByRole('button', { name: '256G' }));
    expect(price()).toBe('¥3299.00原价 ¥3599.00');
  });

  it('shows the range of "was" prices beside a price range, never one "was" price below its top', async () => {
    const { kernel } = setup(() => detail({ skus: detail().skus.map((s) => (s.id === 4 ? { ...s, market_price: '3799.00' } : s)) }));
    renderRoute(kernel, '/goods/detail/detail?id=7');
    await screen.findByRole('heading', { name: '极光 X5 手机' });
    expect(price()).toBe('¥2999.00-¥3299.00原价 ¥3199.00 - ¥3799.00');
    fireEvent.click(screen.getByRole('button', { name: '黑' }));
    expect(price()).toBe('¥2999.00-¥3299.00原价 ¥3299.00 - ¥3599.00');
  });

  it('shows no "was" price for a goods whose SKUs all sell at full price', async () => {
    const { kernel } = setup(() => detail({ skus: detail().skus.map((s) => ({ ...s, market_price: s.price })) }));
    renderRoute(kernel, '/goods/detail/detail?id=7');
    await screen.findByRole('heading', { name: '极光 X5 手机' });
    expect(price()).toBe('¥2999.00-¥3299.00');
    expect(screen.queryByTestId('goods-market-price')).toBeNull();
  });

  it('shows spec names by their English label and keeps Chinese names readable in English', async () => {
    const labelled = detail({ specs: [{ name: '颜色', label: 'Colour', values: ['黑', '白'] }, { name: '存储', values: ['128G', '256G'] }] });
    const api = fakeApi({ '/api/goods/getGoods': () => labelled, '/api/goods/allCategoryTree': () => categoryTree() });
    const kernel = createTestKernel({ plugins: ['goods'], adapter: api, language: 'en' });
    renderRoute(kernel, '/goods/detail/detail?id=7');
    await screen.findByRole('heading', { name: '极光 X5 手机' });
    expect(screen.getByText('Please choose: Colour / 存储')).toBeTruthy();
    expect(screen.getByText('Colour', { selector: 'legend' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '黑' }));
    expect(price()).toBe('¥2999.00-¥3299.00Was ¥3299.00 - ¥3599.00');
  });

  it('shows the server\'s refusal for a goods taken off sale', async () => {
    const { kernel } = setup(() => failReply('商品“旧款耳机”已下架'));
    renderRoute(kernel, '/goods/detail/detail?id=4');
    expect(await screen.findByText('商品“旧款耳机”已下架')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '去逛逛其他商品' }));
    expect(window.location.hash).toBe('#/pages/index/index');
  });

  it('offers a retry when the goods could not be fetched', async () => {
    const { kernel } = setup(() => ({ status: 502 }));
    renderRoute(kernel, '/goods/detail/detail?id=4');
    expect(await screen.findByRole('button', { name: '重试' })).toBeTruthy();
  });

  it('says the goods does not exist when the link has no usable id, without calling', async () => {
    const { api, kernel } = setup();
    renderRoute(kernel, '/goods/detail/detail?id=abc');
    expect(await screen.findByText('商品不存在或已删除')).toBeTruthy();
    expect(api.requests.some((r) => r.path === '/api/goods/getGoods')).toBe(false);
  });

  it('has no bottom bar while no plugin contributes goods actions', async () => {
    const { kernel } = setup();
    renderRoute(kernel, '/goods/detail/detail?id=7');
    await screen.findByRole('heading', { name: '极光 X5 手机' });
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });

  it('shows contributed goods actions in the bottom bar, with the current choice', async () => {
    function AddToCart({ goods: g, choice }: GoodsActionProps) {
      return <button type="button">{choice.sku ? `加入购物车 #${choice.sku.id}` : `选择 ${g.name}`}</button>;
    }
    const cart = inlinePlugin({ id: 'cart', version: '1.0.0', i18n: { en: {}, 'zh-Hans': {} }, contributes: contribute(goodsActions, { id: 'cart.add', order: 1, component: AddToCart }) });
    const { kernel } = setup(() => detail(), [cart]);
    renderRoute(kernel, '/goods/detail/detail?id=7');
    const footer = await screen.findByRole('contentinfo');
    expect(within(footer).getByRole('button', { name: '选择 极光 X5 手机' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '黑' }));
    fireEvent.click(screen.getByRole('button', { name: '128G' }));
    expect(within(footer).getByRole('button', { name: '加入购物车 #1' })).toBeTruthy();
  });

  it('shows the service and cart icons other plugins put in the bar, with the cart count, beside full-width actions', async () => {
    const count = proxy({ n: 3 });
    const plugins = [
      inlinePlugin({
        id: 'chat', version: '1.0.0', i18n: { en: { menu: 'Contact us' }, 'zh-Hans': { menu: '联系客服' } },
        menu: [{ slot: 'goods.icons', id: 'service', label: 'chat:menu', icon: 'service', to: '/user/service/service', order: 10 }],
      }),
      inlinePlugin({
        id: 'cart', version: '1.0.0', i18n: { en: { tab: 'Cart' }, 'zh-Hans': { tab: '购物车' } },
        menu: [{ slot: 'goods.icons', id: 'cart', label: 'cart:tab', icon: 'cart', to: '/pages/cart/cart', order: 20, badge: badge(count, (s) => s.n) }],
        contributes: contribute(goodsActions, { id: 'cart.add', order: 1, component: () => <button type="button" className="sf-button">加入购物车</button> }),
      }),
    ];
    const { kernel } = setup(() => detail(), plugins);
    renderRoute(kernel, '/goods/detail/detail?id=7');
    const footer = await screen.findByRole('contentinfo');
    const links = within(footer).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['联系客服', '#/user/service/service'],
      ['3购物车', '#/pages/cart/cart'],
    ]);
    count.n = 4;
    await waitFor(() => expect(within(footer).getByText('4')).toBeTruthy());
    expect(footer.querySelector('.goods-actions__buttons')?.textContent).toBe('加入购物车');
  });

  it('leaves out an icon whose plugin the site has switched off', async () => {
    const chat = inlinePlugin({
      id: 'chat', version: '1.0.0', i18n: { en: { menu: 'Contact us' }, 'zh-Hans': { menu: '联系客服' } },
      menu: [{ slot: 'goods.icons', id: 'service', label: 'chat:menu', icon: 'service', to: '/user/service/service' }],
    });
    const api = fakeApi({ '/api/goods/getGoods': () => detail() });
    const kernel = createTestKernel({ plugins: ['goods', chat], adapter: api, enabled: ['goods'] });
    renderRoute(kernel, '/goods/detail/detail?id=7');
    await screen.findByRole('heading', { name: '极光 X5 手机' });
    expect(screen.queryByText('联系客服')).toBeNull();
  });
});
