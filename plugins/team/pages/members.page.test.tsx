import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { createTestKernel, failReply, fakeApi, heldReply, renderRoute, type FakeHandler } from '../../../tests/setup/kernel';
import type { InviteInfo, TeamMember } from '../contract';
import { INVITE_PATH, MEMBERS_PATH } from '../paths';

/** Unix seconds of a local wall-clock time, so the shown time reads the same in any time zone. */
const at = (year: number, month: number, day: number, hour = 0, minute = 0) => Math.floor(new Date(year, month - 1, day, hour, minute).getTime() / 1000);

const member = (id: number, fields: Partial<TeamMember> = {}): TeamMember => ({
  id,
  nickname: `成员${id}`,
  avatar: '',
  mobile: '138****8000',
  joined_at: at(2026, 3, 2, 10, 30),
  orders: 0,
  commission: '0.00',
  ...fields,
});

const invite = (fields: Partial<InviteInfo> = {}): InviteInfo => ({
  code: 'ABC234',
  path: '/pages/user/register?invite=ABC234',
  nickname: '安',
  avatar: '',
  site_name: 'Test Store',
  parent: null,
  direct: 3,
  indirect: 12,
  ...fields,
});

function setup(members: FakeHandler, options: { path?: string; language?: 'en'; invite?: FakeHandler } = {}) {
  const api = fakeApi({ '/api/team/members': members, '/api/team/invite': options.invite ?? (() => invite()) });
  const kernel = createTestKernel({ plugins: ['team'], adapter: api, user: { id: 7 }, language: options.language });
  renderRoute(kernel, options.path ?? MEMBERS_PATH);
  return { api, kernel };
}

const asked = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path === '/api/team/members').map((r) => r.body);
const card = (name: string) => within(screen.getByRole('article', { name }));
const tabs = () => screen.getAllByRole('tab').map((tab) => [tab.textContent, tab.getAttribute('aria-selected')]);

describe('my team page', () => {
  it('shows skeletons, then the direct members with their avatar, masked mobile, join time and orders; both tabs with their counts', async () => {
    const { reply, release } = heldReply();
    const { api } = setup(() => reply);
    expect(await screen.findAllByTestId('skeleton')).not.toHaveLength(0);
    release({ list: [member(2, { nickname: '小陈', orders: 5, commission: '12.30' }), member(1, { nickname: '小白', mobile: '' })], total: 2, page: 1, limit: 20 });

    expect(await screen.findByRole('article', { name: '小陈' })).toBeTruthy();
    expect(screen.queryByTestId('skeleton')).toBeNull();
    expect(screen.getAllByRole('article').map((a) => a.getAttribute('aria-label'))).toEqual(['小陈', '小白']);
    expect(card('小陈').getByText('138****8000')).toBeTruthy();
    expect(card('小陈').getByText('加入时间 2026-03-02 10:30:00')).toBeTruthy();
    expect(card('小陈').getByText('5')).toBeTruthy();
    expect(card('小陈').getByText('订单数')).toBeTruthy();
    expect(card('小陈').getByText('¥12.30')).toBeTruthy();
    expect(card('小陈').getByText('带来佣金')).toBeTruthy();
    expect(screen.getByRole('article', { name: '小陈' }).querySelector('img')).toBeTruthy();
    expect(card('小白').queryByText(/\*\*\*\*/)).toBeNull();
    expect(card('小白').getByText('0')).toBeTruthy();
    await waitFor(() =>
      expect(tabs()).toEqual([
        ['直推成员（3）', 'true'],
        ['间推成员（12）', 'false'],
      ]),
    );
    expect(asked(api)).toEqual([{ level: 1, page: 1, limit: 20 }]);
  });

  it('asks for the indirect members when their tab is chosen, and keeps the tab in the URL', async () => {
    const { api } = setup((body) => (body.level === 2 ? { list: [member(9, { nickname: '二级成员' })], total: 1 } : { list: [member(1)], total: 1 }));
    await screen.findByRole('article', { name: '成员1' });
    fireEvent.click(screen.getByRole('tab', { name: /间推成员/ }));
    expect(await screen.findByRole('article', { name: '二级成员' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: '成员1' })).toBeNull();
    expect(currentLocation()).toBe(`${MEMBERS_PATH}?level=2`);
    expect(screen.getByRole('tab', { name: /间推成员/ }).getAttribute('aria-selected')).toBe('true');
    expect(asked(api)).toEqual([
      { level: 1, page: 1, limit: 20 },
      { level: 2, page: 1, limit: 20 },
    ]);
  });

  it('searches the chosen level by the trimmed keyword, says how many were found, and clears the search', async () => {
    const { api } = setup((body) => (body.keyword ? { list: [member(4, { nickname: '小林' })], total: 1 } : { list: [member(1), member(4, { nickname: '小林' })], total: 2 }), {
      path: `${MEMBERS_PATH}?level=2`,
    });
    await screen.findByRole('article', { name: '成员1' });
    fireEvent.change(screen.getByRole('searchbox', { name: '昵称、用户名或手机号' }), { target: { value: '  林 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    // The found count comes with the search's reply: the old list may go (a skeleton) before the new one shows.
    expect(await screen.findByText('“林”共找到 1 人')).toBeTruthy();
    expect(screen.queryByRole('article', { name: '成员1' })).toBeNull();
    expect(screen.getByRole('article', { name: '小林' })).toBeTruthy();
    expect(currentLocation()).toBe(`${MEMBERS_PATH}?level=2&keyword=${encodeURIComponent('林')}`);
    expect(asked(api).at(-1)).toEqual({ level: 2, keyword: '林', page: 1, limit: 20 });
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('林');

    // The other tab searches the same keyword.
    fireEvent.click(screen.getByRole('tab', { name: /直推成员/ }));
    await waitFor(() => expect(asked(api).at(-1)).toEqual({ level: 1, keyword: '林', page: 1, limit: 20 }));
    expect(currentLocation()).toBe(`${MEMBERS_PATH}?keyword=${encodeURIComponent('林')}`);
    expect(await screen.findByText('“林”共找到 1 人')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '清除搜索' }));
    expect(await screen.findByRole('article', { name: '成员1' })).toBeTruthy();
    expect(currentLocation()).toBe(MEMBERS_PATH);
    expect(asked(api).at(-1)).toEqual({ level: 1, page: 1, limit: 20 });
    expect(screen.queryByText(/共找到/)).toBeNull();
  });

  it('says nobody matches a search, without the invite button', async () => {
    setup(() => ({ list: [], total: 0 }), { path: `${MEMBERS_PATH}?keyword=${encodeURIComponent('100%')}` });
    expect(await screen.findByText('团队中没有与“100%”匹配的成员')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '邀请好友' })).toBeNull();
  });

  it('loads the next page on demand', async () => {
    const { api } = setup((body) =>
      body.page === 1 ? { list: Array.from({ length: 20 }, (_, i) => member(30 - i)), total: 21 } : { list: [member(10, { nickname: '最早的成员' })], total: 21 },
    );
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(20));
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    expect(await screen.findByRole('article', { name: '最早的成员' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(21);
    expect(asked(api).map((body) => body.page)).toEqual([1, 2]);
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });

  it('invites the shopper to share their code when the team is empty, on each level', async () => {
    setup(() => ({ list: [], total: 0 }), { invite: () => invite({ direct: 0, indirect: 0 }) });
    expect(await screen.findByText('还没有人通过您的邀请加入，快去分享邀请码吧')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /间推成员/ }));
    expect(await screen.findByText('您邀请的好友还没有邀请其他人，他们邀请的好友会显示在这里')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '邀请好友' }));
    await waitFor(() => expect(currentLocation()).toBe(INVITE_PATH));
  });

  it('says so, with a retry, when the members cannot be loaded; the tabs go without counts when the invite info fails', async () => {
    const { api } = setup(() => failReply('服务繁忙'), { invite: () => failReply('服务繁忙') });
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    expect(tabs().map(([label]) => label)).toEqual(['直推成员', '间推成员']);
    api.on('/api/team/members', () => ({ list: [member(1, { nickname: '小白' })], total: 1 }));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('article', { name: '小白' })).toBeTruthy();
  });
});

describe('my team page in English', () => {
  it('names the tabs, the join time and the orders in English', async () => {
    setup(() => ({ list: [member(1, { nickname: 'Bob', orders: 2 })], total: 1 }), { language: 'en' });
    expect(await screen.findByRole('article', { name: 'Bob' })).toBeTruthy();
    expect(card('Bob').getByText('Joined 2026-03-02 10:30:00')).toBeTruthy();
    expect(card('Bob').getByText('Orders')).toBeTruthy();
    await waitFor(() => expect(tabs().map(([label]) => label)).toEqual(['Direct (3)', 'Indirect (12)']));
    expect(screen.getByRole('searchbox', { name: 'Nickname, username or mobile' })).toBeTruthy();
  });
});
