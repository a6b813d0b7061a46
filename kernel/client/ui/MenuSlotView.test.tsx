import { act, fireEvent, screen, within } from '@testing-library/react';
import { proxy } from 'valtio';
import { describe, expect, it } from 'vitest';
import { createTestKernel, renderWithKernel, testUser } from '../../../tests/setup/kernel';
import { badge, inlinePlugin } from '../plugin';
import { applyIndex } from '../site';
import { MenuSlotView } from './MenuSlotView';

const coupons = proxy({ unused: 3 });
const wallet = inlinePlugin({
  id: 'wallet',
  version: '1.0.0',
  i18n: { en: { money: 'Balance', coupons: 'Coupons' }, 'zh-Hans': { money: '余额', coupons: '优惠券' } },
  menu: [
    { slot: 'member.wallet', id: 'coupons', label: 'wallet:coupons', icon: 'coupon', to: '/marketing/coupon/coupon', order: 2, badge: badge(coupons, (s) => s.unused) },
    { slot: 'member.wallet', id: 'money', label: 'wallet:money', icon: 'wallet', to: '/user/money/money', order: 1, auth: true },
  ],
});

describe('MenuSlotView', () => {
  it('renders a slot as an ordered grid with live badges', async () => {
    renderWithKernel(<MenuSlotView slot="member.wallet" />, createTestKernel({ plugins: [wallet] }));
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['余额', '3优惠券']);
    expect(links[1].getAttribute('href')).toBe('#/marketing/coupon/coupon');
    await act(async () => {
      coupons.unused = 4;
    });
    expect(screen.getByRole('link', { name: /优惠券/ }).textContent).toBe('4优惠券');
  });

  it('sends anonymous visitors of an auth entry to login first', () => {
    renderWithKernel(<MenuSlotView slot="member.wallet" as="cells" />, createTestKernel({ plugins: [wallet] }));
    fireEvent.click(screen.getByRole('link', { name: /余额/ }));
    expect(decodeURIComponent(window.location.hash)).toBe('#/pages/login/login?returnTo=/user/money/money');
  });

  it('draws a titled slot as a named card, and nothing at all, title included, for an empty slot', async () => {
    const kernel = createTestKernel({ plugins: [wallet] });
    renderWithKernel(
      <>
        <MenuSlotView slot="member.wallet" title="我的钱包" />
        <MenuSlotView slot="member.services" title="我的服务" />
      </>,
      kernel,
    );
    const card = screen.getByRole('region', { name: '我的钱包' });
    expect(within(card).getByRole('heading', { name: '我的钱包' })).toBeTruthy();
    expect(within(card).getAllByRole('link')).toHaveLength(2);
    expect(screen.queryByText('我的服务')).toBeNull();
  });

  it('renders nothing once the plugin is disabled', async () => {
    const kernel = createTestKernel({ plugins: [wallet] });
    const { container } = renderWithKernel(<MenuSlotView slot="member.wallet" />, kernel);
    await act(async () => {
      applyIndex(kernel.site, { site: kernel.site.config!, plugins: [] });
    });
    expect(container.querySelector('.sf-grid')).toBeNull();
  });

  it('shows an entry with a visible rule only to the users it allows, following the session', async () => {
    const desk = inlinePlugin({
      id: 'desk',
      version: '1.0.0',
      i18n: { en: { desk: 'Desk' }, 'zh-Hans': { desk: '工作台' } },
      menu: [{ slot: 'member.wallet', id: 'desk', label: 'desk:desk', icon: 'service', to: '/staff/desk/desk', audience: 'staff' }],
    });
    const kernel = createTestKernel({ plugins: [wallet, desk] });
    renderWithKernel(<MenuSlotView slot="member.wallet" />, kernel);
    expect(screen.queryByRole('link', { name: '工作台' })).toBeNull();
    act(() => kernel.session.login(testUser({ id: 3, is_staff: 0 })));
    expect(screen.queryByRole('link', { name: '工作台' })).toBeNull();
    act(() => kernel.session.login(testUser({ id: 4, is_staff: 1 })));
    expect((await screen.findByRole('link', { name: '工作台' })).getAttribute('href')).toBe('#/staff/desk/desk');
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });
});
