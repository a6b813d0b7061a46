import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryContext } from '@kernel/client/context';
import { detail } from '../../goods/fixtures';
import { initialSelection, view } from '../../goods/sku';
import { createTestKernel, failReply, fakeApi, renderRoute, renderWithKernel, testUser, type FakeHandler } from '../../../tests/setup/kernel';
import { PromoteAction } from './PromoteAction';

const goods = detail();
const choice = view(goods.specs, goods.skus, initialSelection(goods.specs), goods);

interface Options {
  picked?: boolean;
  anonymous?: boolean;
  /** The detail page's query. */
  query?: Record<string, string>;
  language?: 'en';
  handlers?: Record<string, FakeHandler>;
}

/** The promote control as the goods detail's bottom bar renders it, for goods 7. */
function setup(options: Options = {}) {
  const api = fakeApi({
    '/api/team/agentStatus': () => ({ picked: options.picked ?? false, code: 'AB12CD' }),
    '/api/team/visit': () => ({ recorded: true }),
    ...options.handlers,
  });
  const kernel = createTestKernel({ plugins: ['team'], adapter: api, user: options.anonymous ? undefined : { id: 7 }, language: options.language });
  renderWithKernel(
    <QueryContext.Provider value={options.query ?? { id: '7' }}>
      <PromoteAction goods={goods} choice={choice} />
    </QueryContext.Provider>,
    kernel,
  );
  return { api, kernel };
}

const calls = (api: ReturnType<typeof fakeApi>, path: string) => api.requests.filter((r) => r.path === path).map((r) => r.body);
/** Lets the lazy control load and render, and its first calls go out. */
const settle = () => act(async () => void (await import('./PromoteButton'), await new Promise((done) => setTimeout(done, 20))));

function clipboard() {
  const writeText = vi.fn(async (_text: string) => {});
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return writeText;
}

beforeEach(() => {
  clipboard();
});

describe('"推广" on the goods detail', () => {
  it('offers to promote goods the shopper does not promote yet, without a link to copy', async () => {
    const { api } = setup();
    expect(await screen.findByRole('button', { name: '推广' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '复制推广链接' })).toBeNull();
    expect(calls(api, '/api/team/agentStatus')).toEqual([{ goods_id: 7 }]);
  });

  it("says the goods are promoted and copies their link with the shopper's code", async () => {
    const writeText = clipboard();
    setup({ picked: true });
    expect(await screen.findByRole('button', { name: '已推广' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '复制推广链接' }));
    expect(await screen.findByText('推广链接已复制')).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith('https://shop.test/#/goods/detail/detail?id=7&agent=AB12CD');
  });

  it('promotes the goods on a tap, and stops on the next', async () => {
    const { api } = setup({ handlers: { '/api/goods/handelAgentGoods': (body) => ({ picked: body.action === 'add', count: body.action === 'add' ? 1 : 0 }) } });
    fireEvent.click(await screen.findByRole('button', { name: '推广' }));
    expect(await screen.findByText('已加入推广商品')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '已推广' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '复制推广链接' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '已推广' }));
    expect(await screen.findByText('已取消推广')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '推广' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '复制推广链接' })).toBeNull();
    expect(calls(api, '/api/goods/handelAgentGoods')).toEqual([
      { goods_id: 7, action: 'add' },
      { goods_id: 7, action: 'remove' },
    ]);
  });

  it("shows the server's refusal and stays as it was", async () => {
    setup({ handlers: { '/api/goods/handelAgentGoods': () => failReply('最多推广 50 件商品') } });
    fireEvent.click(await screen.findByRole('button', { name: '推广' }));
    expect(await screen.findByText('最多推广 50 件商品')).toBeTruthy();
    expect(screen.getByRole('button', { name: '推广' })).toBeTruthy();
    expect(screen.queryByText('已加入推广商品')).toBeNull();
  });

  it('shows a visitor nothing, and asks nothing', async () => {
    const { api } = setup({ anonymous: true, query: { id: '7', agent: 'MEI888' } });
    await settle();
    expect(screen.queryByRole('button')).toBeNull();
    expect(calls(api, '/api/team/agentStatus')).toEqual([]);
    expect(calls(api, '/api/team/visit')).toEqual([]);
  });

  it('names itself in English', async () => {
    setup({ picked: true, language: 'en' });
    expect(await screen.findByRole('button', { name: 'Promoted' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy promo link' })).toBeTruthy();
  });
});

describe("following an agent's link to goods", () => {
  it("notes the link's agent once for a logged-in shopper", async () => {
    const { api } = setup({ query: { id: '7', agent: ' MEI888 ' } });
    await screen.findByRole('button', { name: '推广' });
    await settle();
    expect(calls(api, '/api/team/visit')).toEqual([{ agent: 'MEI888', goods_id: 7 }]);
  });

  it('notes nothing without an agent in the link', async () => {
    const { api } = setup();
    await screen.findByRole('button', { name: '推广' });
    await settle();
    expect(calls(api, '/api/team/visit')).toEqual([]);
  });

  it('says nothing when the visit cannot be noted', async () => {
    const { api } = setup({ query: { id: '7', agent: 'NOPE' }, handlers: { '/api/team/visit': () => failReply('推广人“NOPE”不存在') } });
    await screen.findByRole('button', { name: '推广' });
    await waitFor(() => expect(calls(api, '/api/team/visit')).toHaveLength(1));
    await settle();
    expect(screen.queryByText('推广人“NOPE”不存在')).toBeNull();
  });

  it('notes it once the visitor has logged in', async () => {
    const { api, kernel } = setup({ anonymous: true, query: { id: '7', agent: 'MEI888' } });
    await settle();
    expect(calls(api, '/api/team/visit')).toEqual([]);
    act(() => kernel.session.login(testUser({ id: 7 })));
    await waitFor(() => expect(calls(api, '/api/team/visit')).toEqual([{ agent: 'MEI888', goods_id: 7 }]));
  });

  it("sits in the goods detail's bottom bar and reads the detail's own query", async () => {
    const api = fakeApi({
      '/api/goods/getGoods': () => goods,
      '/api/team/agentStatus': () => ({ picked: false, code: 'AB12CD' }),
      '/api/team/visit': () => ({ recorded: true }),
    });
    const kernel = createTestKernel({ plugins: ['team'], adapter: api, user: { id: 7 } });
    renderRoute(kernel, '/goods/detail/detail?id=7&agent=MEI888');
    const button = await screen.findByRole('button', { name: '推广' });
    expect(button.closest('.goods-actions')).toBeTruthy();
    await waitFor(() => expect(calls(api, '/api/team/visit')).toEqual([{ agent: 'MEI888', goods_id: 7 }]));
  });
});
