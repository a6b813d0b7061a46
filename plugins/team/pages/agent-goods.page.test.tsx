import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { card as goodsCard } from '../../goods/fixtures';
import { createTestKernel, failReply, fakeApi, heldReply, renderRoute, type FakeHandler } from '../../../tests/setup/kernel';
import type { AgentGoodsPage, AgentInfo } from '../contract';
import { AGENT_GOODS_PATH } from '../paths';

const ME: AgentInfo = { code: 'AB12CD', nickname: '安安', avatar: '' };
const MEI: AgentInfo = { code: 'MEI888', nickname: '小美', avatar: '/uploads/mei.png' };

/** A page of an agent's list, as the server answers `/api/team/agentGoods`. */
const listReply = (agent: AgentInfo, ids: number[], fields: Partial<AgentGoodsPage> = {}): AgentGoodsPage => ({
  agent,
  mine: agent === ME,
  list: ids.map((id) => goodsCard(id, { name: `好物${id}` })),
  total: ids.length,
  page: 1,
  limit: 20,
  ...fields,
});

function setup(list: FakeHandler, options: { path?: string; anonymous?: boolean; language?: 'en'; handlers?: Record<string, FakeHandler> } = {}) {
  const api = fakeApi({ '/api/team/agentGoods': list, ...options.handlers });
  const kernel = createTestKernel({ plugins: ['team'], adapter: api, user: options.anonymous ? undefined : { id: 7 }, language: options.language });
  renderRoute(kernel, options.path ?? AGENT_GOODS_PATH);
  return { api, kernel };
}

const calls = (api: ReturnType<typeof fakeApi>, path: string) => api.requests.filter((r) => r.path === path).map((r) => r.body);
const card = (name: string) => within(screen.getByRole('article', { name }));
const names = () => screen.queryAllByRole('article').map((a) => a.getAttribute('aria-label'));
const hrefOf = (name: string) => card(name).getByRole('link').getAttribute('href');

/** The browser's clipboard, allowing or refusing. */
function clipboard(allow: boolean) {
  const writeText = vi.fn(async (_text: string) => {
    if (!allow) throw new DOMException('Write permission denied.', 'NotAllowedError');
  });
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

beforeEach(() => {
  clipboard(true);
});

describe("the shopper's own promoted goods", () => {
  it('shows skeletons, then how many goods they promote, each opening its detail, and how to add more', async () => {
    const { reply, release } = heldReply();
    const { api } = setup(() => reply);
    expect(await screen.findAllByTestId('skeleton')).not.toHaveLength(0);
    release(listReply(ME, [2, 1]));

    expect(await screen.findByText('共推广 2 件商品')).toBeTruthy();
    expect(screen.queryByTestId('skeleton')).toBeNull();
    expect(names()).toEqual(['好物2', '好物1']);
    expect(hrefOf('好物2')).toBe('#/goods/detail/detail?id=2');
    expect(card('好物2').getByText('99', { exact: false })).toBeTruthy();
    expect(screen.getByText(/在任意商品页点击“推广”/)).toBeTruthy();
    expect(calls(api, '/api/team/agentGoods')).toEqual([{ page: 1, limit: 20 }]);
  });

  it('removes goods from the list at once, with the count, then asks for the list again', async () => {
    let ids = [3, 2, 1];
    const { api } = setup(() => listReply(ME, ids), {
      handlers: {
        '/api/goods/handelAgentGoods': (body) => {
          ids = ids.filter((id) => id !== body.goods_id);
          return { picked: false, count: ids.length };
        },
      },
    });
    await screen.findByRole('article', { name: '好物2' });
    const { reply, release } = heldReply();
    api.on('/api/team/agentGoods', () => reply);
    fireEvent.click(card('好物2').getByRole('button', { name: '移除' }));

    expect(await screen.findByText('已取消推广')).toBeTruthy();
    // Gone before the list comes again.
    await waitFor(() => expect(names()).toEqual(['好物3', '好物1']));
    expect(screen.getByText('共推广 2 件商品')).toBeTruthy();
    expect(calls(api, '/api/goods/handelAgentGoods')).toEqual([{ goods_id: 2, action: 'remove' }]);
    await waitFor(() => expect(calls(api, '/api/team/agentGoods')).toHaveLength(2));
    release(listReply(ME, ids));
    expect(await screen.findByText('共推广 2 件商品')).toBeTruthy();
    expect(names()).toEqual(['好物3', '好物1']);
  });

  it('says the list is empty once the last goods are removed', async () => {
    let ids = [1];
    setup(() => listReply(ME, ids), { handlers: { '/api/goods/handelAgentGoods': () => ((ids = []), { picked: false, count: 0 }) } });
    fireEvent.click(within(await screen.findByRole('article', { name: '好物1' })).getByRole('button', { name: '移除' }));
    expect(await screen.findByText('还没有推广商品，去商品页点击“推广”添加吧')).toBeTruthy();
    expect(screen.getByText('共推广 0 件商品')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '复制清单链接' })).toBeNull();
  });

  it("copies the list's link and each goods link, both carrying the shopper's code", async () => {
    const writeText = clipboard(true);
    setup(() => listReply(ME, [5]));
    fireEvent.click(await screen.findByRole('button', { name: '复制清单链接' }));
    expect(await screen.findByText('推广清单链接已复制')).toBeTruthy();
    expect(writeText).toHaveBeenLastCalledWith(`https://shop.test/#${AGENT_GOODS_PATH}?agent=AB12CD`);

    fireEvent.click(card('好物5').getByRole('button', { name: '复制链接' }));
    expect(await screen.findByText('推广链接已复制')).toBeTruthy();
    expect(writeText).toHaveBeenLastCalledWith('https://shop.test/#/goods/detail/detail?id=5&agent=AB12CD');
  });

  it('shows the link to copy by hand when the browser refuses', async () => {
    clipboard(false);
    setup(() => listReply(ME, [5]));
    fireEvent.click(await screen.findByRole('button', { name: '复制清单链接' }));
    const dialog = await screen.findByRole('dialog', { name: '浏览器不允许复制' });
    expect(within(dialog).getByText(`https://shop.test/#${AGENT_GOODS_PATH}?agent=AB12CD`)).toBeTruthy();
  });

  it('points to the catalogue when the shopper promotes nothing yet', async () => {
    setup(() => listReply(ME, []));
    expect(await screen.findByText('还没有推广商品，去商品页点击“推广”添加吧')).toBeTruthy();
    fireEvent.click(within(screen.getByText(/还没有推广商品/).closest('.sf-state') as HTMLElement).getByRole('button', { name: '去挑选商品' }));
    await waitFor(() => expect(currentLocation()).toBe('/pages/category/category'));
  });

  it('manages the list when the shopper opens their own shared link', async () => {
    const { api } = setup(() => listReply(ME, [1]), { path: `${AGENT_GOODS_PATH}?agent=AB12CD` });
    expect(await screen.findByText('共推广 1 件商品')).toBeTruthy();
    expect(card('好物1').getByRole('button', { name: '移除' })).toBeTruthy();
    expect(calls(api, '/api/team/agentGoods')).toEqual([{ agent: 'AB12CD', page: 1, limit: 20 }]);
  });

  it('loads the next page on demand', async () => {
    const { api } = setup((body) =>
      body.page === 1
        ? listReply(ME, Array.from({ length: 20 }, (_, i) => 30 - i), { total: 21 })
        : listReply(ME, [1], { total: 21, page: 2 }),
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByRole('article', { name: '好物1' })).toBeTruthy();
    expect(calls(api, '/api/team/agentGoods').map((body) => body.page)).toEqual([1, 2]);
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });

  it('asks a visitor to log in, and brings them back', async () => {
    const { api } = setup(() => listReply(ME, [1]), { anonymous: true });
    expect(await screen.findByText('登录后查看和分享您推广的商品')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '立即登录' }));
    await waitFor(() => expect(currentLocation()).toBe(`/pages/login/login?returnTo=${encodeURIComponent(AGENT_GOODS_PATH)}`));
    expect(calls(api, '/api/team/agentGoods')).toEqual([]);
  });

  it('says so, with a retry, when the list cannot be loaded', async () => {
    const { api } = setup(() => failReply('服务繁忙'));
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    api.on('/api/team/agentGoods', () => listReply(ME, [1]));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('article', { name: '好物1' })).toBeTruthy();
  });
});

describe("an agent's shared list", () => {
  it("shows who picked the goods to anyone, each opening the detail with the agent's code", async () => {
    const { api } = setup(() => listReply(MEI, [4, 9]), { path: `${AGENT_GOODS_PATH}?agent=MEI888`, anonymous: true });
    expect(await screen.findByRole('heading', { name: '小美 推荐的好物' })).toBeTruthy();
    expect(document.querySelector('.team-agent-goods__head img')?.getAttribute('src')).toContain('/uploads/mei.png');
    expect(names()).toEqual(['好物4', '好物9']);
    expect(hrefOf('好物4')).toBe('#/goods/detail/detail?id=4&agent=MEI888');
    expect(hrefOf('好物9')).toBe('#/goods/detail/detail?id=9&agent=MEI888');
    expect(screen.queryByRole('button', { name: '移除' })).toBeNull();
    expect(screen.queryByRole('button', { name: '复制清单链接' })).toBeNull();
    expect(calls(api, '/api/team/agentGoods')).toEqual([{ agent: 'MEI888', page: 1, limit: 20 }]);
  });

  it('says the agent promotes nothing yet', async () => {
    setup(() => listReply(MEI, []), { path: `${AGENT_GOODS_PATH}?agent=MEI888` });
    expect(await screen.findByText('TA 还没有推广商品')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '小美 推荐的好物' })).toBeTruthy();
  });

  it("shows the server's refusal of an unknown code, with nothing to retry", async () => {
    const message = '推广人“NOPE”不存在';
    setup(() => failReply(`推广人：${message}`, { field: 'agent', message, problems: [{ field: 'agent', message }] }), { path: `${AGENT_GOODS_PATH}?agent=NOPE` });
    expect(within(await screen.findByRole('alert')).getByText(message)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    expect(screen.queryByRole('article')).toBeNull();
  });
});

describe('promoted goods in English', () => {
  it("names an agent's list in English", async () => {
    setup(() => listReply(MEI, [4]), { path: `${AGENT_GOODS_PATH}?agent=MEI888`, language: 'en', anonymous: true });
    expect(await screen.findByRole('heading', { name: 'Picked by 小美' })).toBeTruthy();
  });

  it("counts the shopper's own goods in English", async () => {
    setup(() => listReply(ME, [4, 5]), { language: 'en' });
    expect(await screen.findByText('2 items promoted')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy list link' })).toBeTruthy();
    expect(card('好物4').getByRole('button', { name: 'Remove' })).toBeTruthy();
    expect(card('好物4').getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });

  it('says an empty list in English', async () => {
    setup(() => listReply(MEI, []), { path: `${AGENT_GOODS_PATH}?agent=MEI888`, language: 'en' });
    expect(await screen.findByText('They promote no goods yet')).toBeTruthy();
  });
});
