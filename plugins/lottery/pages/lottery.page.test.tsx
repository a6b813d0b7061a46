import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentLocation } from '@kernel/client/navigator';
import { isIconName } from '@kernel/client/ui';
import { createTestKernel, failReply, fakeApi, type FakeHandler, heldReply, pageRequests, renderRoute } from '../../../tests/setup/kernel';
import type { DrawRecord, DrawResult, Wheel, WheelPrize } from '../contract';
import { LOTTERY_PATH } from '../paths';
import { slotAt } from '../spin';

const LABELS = ['20积分', '谢谢参与', '1元余额', '50积分', '谢谢参与', '5元余额', '100积分', '500积分'];
const prize = (slot: number): WheelPrize => ({ slot, kind: 'thanks', amount: 0, label: LABELS[slot], available: slot !== 7 });
const WHEEL: Wheel = { prizes: LABELS.map((_, slot) => prize(slot)), cost: 10, dailyDraws: 5, drawsLeft: 5, score: 120 };
const record = (id: number, slot: number, kind: DrawRecord['kind'] = 'score'): DrawRecord =>
  ({ id, slot, kind, amount: kind === 'score' ? 50 : 0, label: LABELS[slot], cost: 10, created_at: 1_746_057_600 + id }) as DrawRecord;
const won = (slot: number, overrides: Partial<DrawResult> = {}): DrawResult => ({ draw: record(99, slot), drawsLeft: 4, score: 160, money: '888.00', ...overrides });

async function setup(handlers: Record<string, FakeHandler> = {}, options: { anonymous?: boolean; language?: 'en' } = {}) {
  const api = fakeApi({
    '/api/lottery/wheel': () => WHEEL,
    '/api/lottery/prizes': () => ({ list: [], total: 0, page: 1, limit: 10 }),
    // Lottery requires coupon, which requires order and the cart: the cart loads for a logged-in shopper.
    '/api/user/reloadUserCart': () => ({ userInfo: { cartNum: 0, cartList: [] } }),
    ...handlers,
  });
  const kernel = createTestKernel({ plugins: ['lottery'], adapter: api, user: options.anonymous ? undefined : { id: 7, score: 120, money: '888.00' }, language: options.language });
  await act(async () => {
    renderRoute(kernel, LOTTERY_PATH);
    await kernel.locale.loadTimeFormats();
  });
  return { api, kernel };
}

const disc = () => screen.getByTestId('lottery-disc');
const spin = () => fireEvent.click(screen.getByRole('button', { name: '抽奖' }));
const draws = (api: ReturnType<typeof fakeApi>) => api.requests.filter((r) => r.path === '/api/lottery/draw');
const reducedMotion = (reduce: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('lottery page', () => {
  it("shows the wheel's eight prizes, a draw's cost, my points and draws left today", async () => {
    await setup();
    expect(await screen.findByTestId('lottery-score')).toBeTruthy();
    const wheel = screen.getByRole('img', { name: '抽奖转盘，共 8 个奖品：20积分、谢谢参与、1元余额、50积分、谢谢参与、5元余额、100积分、500积分（已抽完）' });
    expect(within(wheel).getAllByText(/积分|谢谢参与|余额/).map((n) => n.textContent)).toEqual(LABELS);
    expect(within(wheel).getByText('已抽完')).toBeTruthy();
    expect(screen.getByTestId('lottery-cost').textContent).toBe('10 积分');
    expect(screen.getByTestId('lottery-score').textContent).toBe('120');
    expect(screen.getByTestId('lottery-left').textContent).toBe('5 次');
    expect(await screen.findByText('还没有抽奖记录，转一次试试手气吧')).toBeTruthy();
  });

  it('turns the wheel to the prize the server picked, then shows it and the new points', async () => {
    reducedMotion(false);
    const { reply, release } = heldReply();
    const { api, kernel } = await setup({ '/api/lottery/draw': () => reply });
    await screen.findByTestId('lottery-score');
    spin();
    expect(screen.getByRole('button', { name: '抽奖中…' }).hasAttribute('disabled')).toBe(true);
    api.on('/api/lottery/prizes', () => ({ list: [record(99, 3)], total: 1, page: 1, limit: 10 }));
    release(won(3));
    await waitFor(() => expect(Number(disc().dataset.rotation)).toBeGreaterThan(6 * 360));
    expect(slotAt(Number(disc().dataset.rotation))).toBe(3);
    expect(disc().className).toContain('lottery-wheel__disc--animated');
    // Still turning: nothing told yet.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('lottery-score').textContent).toBe('120');
    api.on('/api/lottery/wheel', () => ({ ...WHEEL, prizes: WHEEL.prizes.map((p) => ({ ...p, available: p.slot !== 3 && p.slot !== 7 })) }));
    fireEvent.transitionEnd(disc());
    const dialog = await screen.findByRole('dialog', { name: '恭喜中奖' });
    expect(within(dialog).getByText('恭喜获得 50积分')).toBeTruthy();
    expect(within(dialog).getByText('积分已到账，当前积分 160')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('转盘停在：50积分');
    expect(disc().dataset.slot).toBe('3');
    expect(screen.getByTestId('lottery-score').textContent).toBe('160');
    expect(screen.getByTestId('lottery-left').textContent).toBe('4 次');
    expect(kernel.session.state.user).toMatchObject({ score: 160, money: '888.00' });
    expect(draws(api)).toHaveLength(1);
    // "My prizes" has the new draw.
    await waitFor(() => expect(screen.getAllByTestId('lottery-line').map((n) => n.dataset.slot)).toEqual(['3']));
    // The wheel is asked again: a prize that ran out is greyed out.
    await waitFor(() => expect(screen.getAllByText('已抽完')).toHaveLength(2));
    fireEvent.click(within(dialog).getByRole('button', { name: '好的' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: '抽奖' }).hasAttribute('disabled')).toBe(false);
  });

  it('stops by itself when no transition end comes (a tab in the background)', async () => {
    reducedMotion(false);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await setup({ '/api/lottery/draw': () => won(1, { draw: record(5, 1, 'thanks') }) });
    await screen.findByTestId('lottery-score');
    spin();
    await waitFor(() => expect(slotAt(Number(disc().dataset.rotation))).toBe(1));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(await screen.findByRole('dialog', { name: '谢谢参与' })).toBeTruthy();
    expect(screen.getByText('这次没有中奖，下次好运！')).toBeTruthy();
  });

  it('with reduced motion, does not spin: the wheel shows the prize and the result at once', async () => {
    reducedMotion(true);
    await setup({ '/api/lottery/draw': () => won(6) });
    await screen.findByTestId('lottery-score');
    spin();
    expect(await screen.findByRole('dialog', { name: '恭喜中奖' })).toBeTruthy();
    expect(screen.getByText('积分已到账，当前积分 160')).toBeTruthy();
    expect(disc().className).not.toContain('lottery-wheel__disc--animated');
    const rotation = Number(disc().dataset.rotation);
    expect(slotAt(rotation)).toBe(6);
    expect(rotation).toBeLessThan(360);
  });

  it("shows the server's refusal and leaves the wheel where it was", async () => {
    reducedMotion(false);
    const { kernel } = await setup({ '/api/lottery/draw': () => failReply('抽奖积分不足，每次抽奖需要 10 积分') });
    await screen.findByTestId('lottery-score');
    spin();
    expect(await screen.findByText('抽奖积分不足，每次抽奖需要 10 积分')).toBeTruthy();
    expect((await screen.findByRole('button', { name: '抽奖' })).hasAttribute('disabled')).toBe(false);
    expect(disc().dataset.rotation).toBe('0');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(kernel.session.state.user?.score).toBe(120);
  });

  it('tells a coupon prize is in Coupons', async () => {
    reducedMotion(true);
    await setup({ '/api/lottery/draw': () => won(5, { draw: { ...record(8, 5), kind: 'coupon', amount: 0, label: '无门槛5元' } }) });
    await screen.findByTestId('lottery-score');
    spin();
    const dialog = await screen.findByRole('dialog', { name: '恭喜中奖' });
    expect(within(dialog).getByText('恭喜获得 无门槛5元')).toBeTruthy();
    expect(within(dialog).getByText('优惠券已放入“优惠券”中，下单时可用')).toBeTruthy();
  });

  it('says "tomorrow" instead of drawing when no draws are left today', async () => {
    await setup({ '/api/lottery/wheel': () => ({ ...WHEEL, drawsLeft: 0 }) });
    expect((await screen.findByRole('button', { name: '明日再来' })).hasAttribute('disabled')).toBe(true);
  });

  it('lists my prizes, newest first, and offers a retry when they cannot be loaded', async () => {
    const { api } = await setup({ '/api/lottery/prizes': () => failReply('服务繁忙') });
    expect(await screen.findByText('服务繁忙')).toBeTruthy();
    api.on('/api/lottery/prizes', () => ({ list: [record(2, 6), record(1, 1, 'thanks')], total: 2, page: 1, limit: 10 }));
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.getAllByTestId('lottery-line').map((n) => n.textContent)).toEqual([expect.stringContaining('100积分'), expect.stringContaining('谢谢参与')]));
    expect(screen.getAllByText('消耗 10 积分')).toHaveLength(2);
  });

  it('speaks English', async () => {
    await setup({ '/api/lottery/wheel': () => ({ ...WHEEL, prizes: WHEEL.prizes.map((p) => ({ ...p, label: 'Thanks for playing' })) }) }, { language: 'en' });
    expect(await screen.findByRole('button', { name: 'Spin' })).toBeTruthy();
    expect(screen.getByText('Each draw')).toBeTruthy();
    expect(screen.getByTestId('lottery-cost').textContent).toBe('10 points');
    expect(screen.getByText('My prizes')).toBeTruthy();
    expect(await screen.findByText('No draws yet: give the wheel a spin')).toBeTruthy();
  });

  it('sends an anonymous visitor to log in first, asking the server nothing', async () => {
    const { api } = await setup({}, { anonymous: true });
    await waitFor(() => expect(currentLocation()).toBe(`/pages/login/login?returnTo=${encodeURIComponent(LOTTERY_PATH)}`));
    expect(pageRequests(api)).toEqual([]);
  });

  it('has an entry on the home grid and in the member centre that lead here', () => {
    const kernel = createTestKernel({ plugins: ['lottery'] });
    for (const slot of ['home.grid', 'member.services']) {
      const [item] = kernel.menu.slot(slot).filter((e) => e.plugin === 'lottery');
      // The wheel, not the gift box: card-key redemption sits beside it with an icon of its own.
      expect(item).toMatchObject({ to: LOTTERY_PATH, label: 'lottery:menu', auth: true, icon: 'lottery' });
      expect(isIconName(item.icon)).toBe(true);
    }
  });
});
