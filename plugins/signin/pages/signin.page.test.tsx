import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { isIconName } from '@kernel/client/ui';
import { createTestKernel, failReply, fakeApi, type FakeHandler, heldReply, pageRequests, renderRoute } from '../../../tests/setup/kernel';
import { calendarReply } from '../fixtures';
import { SIGNIN_PATH } from '../paths';

function setup(calendar: FakeHandler, options: { handlers?: Record<string, FakeHandler>; anonymous?: boolean; language?: 'en' } = {}) {
  const api = fakeApi({ '/api/signin/calendar': calendar, ...options.handlers });
  const kernel = createTestKernel({ plugins: ['signin'], adapter: api, user: options.anonymous ? undefined : { id: 7, score: 1 }, language: options.language });
  renderRoute(kernel, SIGNIN_PATH);
  return { api, kernel };
}

const calls = (api: ReturnType<typeof fakeApi>, path: string) => api.requests.filter((r) => r.path === path);
const grid = () => within(screen.getByRole('region', { name: '2025年5月签到日历' }));

describe('daily sign-in page', () => {
  it('shows a loader, then the streak, the score, the month with each day and its points, and the rules', async () => {
    const { reply, release } = heldReply();
    const { kernel } = setup(() => reply);
    expect(await screen.findByText('正在加载…')).toBeTruthy();
    release(calendarReply({ signed: [13, 14], filled: [12], streak: 3, score: 120 }));

    expect(await screen.findByRole('button', { name: '立即签到 +15 积分' })).toBeTruthy();
    expect(screen.getByTestId('signin-streak').textContent).toBe('3');
    expect(screen.getByTestId('signin-score').textContent).toBe('当前积分 120');
    expect(grid().getByText('本月已签到 3 天')).toBeTruthy();
    expect(grid().getByRole('img', { name: '5月13日，已签到，获得 10 积分' })).toBeTruthy();
    expect(grid().getByRole('img', { name: '5月12日，已补签，获得 10 积分' })).toBeTruthy();
    expect(grid().getByRole('img', { name: '5月15日，今天，签到可得 10 积分' })).toBeTruthy();
    expect(grid().getByRole('img', { name: '5月16日，连续签到可得 10 积分' })).toBeTruthy();
    expect(grid().getByRole('button', { name: '补签 5月3日，可得 10 积分' })).toBeTruthy();
    expect(grid().getAllByRole('button', { name: /^补签/ })).toHaveLength(11);
    expect(grid().getByText('本月还可补签 3 次，点击漏签的日期即可补签')).toBeTruthy();
    expect(screen.getByText('连续签到第 7 天额外奖励 20 积分')).toBeTruthy();
    expect(screen.getByText('可补签本月今天之前漏签的日期，每次消耗 20 积分，每月最多 3 次')).toBeTruthy();
    // The member centre and the score page read the session: it takes the score.
    await waitFor(() => expect(kernel.session.state.user?.score).toBe(120));
  });

  it('signs today in, says what it gave, and shows the day signed', async () => {
    let signed = false;
    const { api, kernel } = setup(() => calendarReply(signed ? { signed: [15], signedToday: true, streak: 1, score: 115 } : { score: 100 }), {
      handlers: {
        '/api/user/checkIn': () => {
          signed = true;
          return { date: '2025-05-15', points: 15, streak: 1, score: 115 };
        },
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '立即签到 +15 积分' }));
    expect(await screen.findByText('签到成功，获得 15 积分')).toBeTruthy();
    const done = await screen.findByRole('button', { name: '今日已签到' });
    expect((done as HTMLButtonElement).disabled).toBe(true);
    expect(grid().getByRole('img', { name: '5月15日，已签到，获得 10 积分' })).toBeTruthy();
    expect(calls(api, '/api/user/checkIn').map((r) => r.body)).toEqual([{}]);
    expect(calls(api, '/api/signin/calendar')).toHaveLength(2);
    expect(kernel.session.state.user?.score).toBe(115);
  });

  it("shows the server's refusal to sign in and refreshes the calendar", async () => {
    const { api } = setup(() => calendarReply(), { handlers: { '/api/user/checkIn': () => failReply('今天已经签到过了，明天再来吧') } });
    fireEvent.click(await screen.findByRole('button', { name: '立即签到 +15 积分' }));
    expect(await screen.findByText('今天已经签到过了，明天再来吧')).toBeTruthy();
    await waitFor(() => expect(calls(api, '/api/signin/calendar')).toHaveLength(2));
  });

  it('fills a missed day only after the shopper confirms the cost', async () => {
    let filled = false;
    const { api, kernel } = setup(() => calendarReply(filled ? { filled: [3], fillLeft: 2, score: 90 } : {}), {
      handlers: {
        '/api/signin/fill': (body) => {
          filled = true;
          return { date: body.date, points: 10, cost: 20, left: 2, score: 90 };
        },
      },
    });
    const day = await screen.findByRole('button', { name: '补签 5月3日，可得 10 积分' });
    fireEvent.click(day);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('补签 5月3日')).toBeTruthy();
    expect(within(dialog).getByText('补签将消耗 20 积分，可获得 10 积分。本月还可补签 3 次，确定补签吗？')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(api, '/api/signin/fill')).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: '补签 5月3日，可得 10 积分' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '补签' }));
    expect(await screen.findByText('补签成功，获得 10 积分')).toBeTruthy();
    expect(await screen.findByRole('img', { name: '5月3日，已补签，获得 10 积分' })).toBeTruthy();
    expect(calls(api, '/api/signin/fill').map((r) => r.body)).toEqual([{ date: '2025-05-03' }]);
    expect(grid().getByText('本月还可补签 2 次，点击漏签的日期即可补签')).toBeTruthy();
    expect(kernel.session.state.user?.score).toBe(90);
  });

  it('shows the refusal of a fill (not enough score) and leaves the day missed', async () => {
    setup(() => calendarReply({ score: 5 }), { handlers: { '/api/signin/fill': () => failReply('积分不足：补签需要 20 积分，当前只有 5 积分') } });
    fireEvent.click(await screen.findByRole('button', { name: '补签 5月3日，可得 10 积分' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '补签' }));
    expect(await screen.findByText('积分不足：补签需要 20 积分，当前只有 5 积分')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '补签 5月3日，可得 10 积分' })).toBeTruthy();
  });

  it('shows the days before the account was made plainly: not missed, nothing to fill', async () => {
    setup(() => calendarReply({ joined: 10 }));
    await screen.findByRole('region', { name: '2025年5月签到日历' });
    expect(grid().getByRole('img', { name: '5月9日，注册之前' })).toBeTruthy();
    expect(grid().getByRole('img', { name: '5月1日，注册之前' }).textContent).toBe('1');
    expect(grid().getAllByRole('button', { name: /^补签/ }).map((b) => b.getAttribute('aria-label'))).toEqual(
      [10, 11, 12, 13, 14].map((n) => `补签 5月${n}日，可得 10 积分`),
    );
    expect(grid().getAllByText('漏签')).toHaveLength(5);
  });

  it('offers no fills when the month’s are used up or the site allows none', async () => {
    const { api } = setup(() => calendarReply({ fillLeft: 0 }));
    expect(await screen.findByText('本月补签次数已用完')).toBeTruthy();
    expect(grid().queryAllByRole('button', { name: /^补签/ })).toEqual([]);
    expect(grid().getByRole('img', { name: '5月3日，未签到' })).toBeTruthy();
    expect(calls(api, '/api/signin/calendar')).toHaveLength(1);
  });

  it('goes to the previous month and back, never past this month', async () => {
    const { api } = setup((body) => (body.month === '2025-04' ? calendarReply({ month: '2025-04' }) : calendarReply({ signed: [2] })));
    await screen.findByText('本月已签到 1 天');
    expect((screen.getByRole('button', { name: '下个月' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '上个月' }));
    const april = await screen.findByRole('region', { name: '2025年4月签到日历' });
    expect(within(april).getByText('这个月还没有签到记录')).toBeTruthy();
    expect(within(april).queryAllByRole('button', { name: /^补签/ })).toEqual([]);
    expect(calls(api, '/api/signin/calendar').map((r) => r.body)).toEqual([{}, { month: '2025-04' }]);
    fireEvent.click(screen.getByRole('button', { name: '下个月' }));
    expect(await screen.findByRole('region', { name: '2025年5月签到日历' })).toBeTruthy();
    expect(calls(api, '/api/signin/calendar').at(-1)?.body).toEqual({ month: '2025-05' });
  });

  it('says so, with a retry, when the calendar cannot be loaded', async () => {
    const { api } = setup(() => failReply('本站未开启签到功能'));
    expect(await screen.findByText('本站未开启签到功能')).toBeTruthy();
    api.on('/api/signin/calendar', () => calendarReply());
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('button', { name: '立即签到 +15 积分' })).toBeTruthy();
  });

  it('speaks English', async () => {
    setup(() => calendarReply({ signed: [14], streak: 1 }), { language: 'en' });
    expect(await screen.findByRole('button', { name: 'Check in +15 points' })).toBeTruthy();
    expect(screen.getByText('Checked in 1 day this month')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Check-in calendar, May 2025' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fill May 3 for 10 points' })).toBeTruthy();
    expect(screen.getByText('day')).toBeTruthy();
  });

  it('sends an anonymous visitor to log in first, asking the server nothing', async () => {
    const { api } = setup(() => calendarReply(), { anonymous: true });
    await waitFor(() => expect(currentLocation()).toBe(`/pages/login/login?returnTo=${encodeURIComponent(SIGNIN_PATH)}`));
    expect(pageRequests(api)).toEqual([]);
  });
});

describe('sign-in entries', () => {
  const entries = (kernel: ReturnType<typeof createTestKernel>, slot: string) => kernel.menu.slot(slot).filter((e) => e.plugin === 'signin');

  it('has an entry in the member centre and one on the home grid, both leading here', () => {
    const kernel = createTestKernel({ plugins: ['signin'] });
    for (const slot of ['member.services', 'home.grid']) {
      const [item] = entries(kernel, slot);
      expect(item).toMatchObject({ to: SIGNIN_PATH, label: 'signin:menu', auth: true });
      expect(isIconName(item.icon)).toBe(true);
    }
  });

  it('hides both while the site config switches `signIn` off', () => {
    const kernel = createTestKernel({ plugins: ['signin'], site: { signIn: false } });
    expect(entries(kernel, 'member.services')).toEqual([]);
    expect(entries(kernel, 'home.grid')).toEqual([]);
  });
});
