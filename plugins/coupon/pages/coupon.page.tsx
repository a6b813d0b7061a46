/**
 * Coupons (`/marketing/coupon/coupon?tab=`): the claim centre, and my coupons by state (unused,
 * used, expired). The tab is in the URL, so the home grid's "领券中心" and "back" land on it.
 * Anyone may browse the claim centre; claiming, and my coupons, ask to log in and come back here.
 */
import { useEffect, useState } from 'react';
import { isCallError } from '@kernel/client/call-error';
import { useCall, useKernel, useNav, usePaged, useSession, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { HOME_PATH, LOGIN_PATH } from '@kernel/client/registries';
import { buildPath } from '@kernel/client/url';
import { Async, Button, Empty, List, ListSkeleton, Page, toast } from '@kernel/client/ui';
import { Tabs } from '@kernel/client/ui/Tabs';
import { CouponCard } from '../components/CouponCard';
import { expiresOn, validityOf } from '../components/terms';
import { couponContract, MY_STATES, type CentreCoupon, type MyCoupon, type MyState } from '../contract';
import { COUPON_PATH } from '../paths';
import '../components/coupon.css';

type Tab = 'centre' | MyState;
const TABS: readonly Tab[] = ['centre', ...MY_STATES];
const tabOf = (value: string | undefined): Tab => (TABS as readonly string[]).includes(value ?? '') ? (value as Tab) : 'unused';

export default function CouponPage({ query }: PageProps) {
  const { t } = useT('coupon');
  const nav = useNav();
  const { loggedIn } = useSession();
  const tab = tabOf(query.tab);
  // The route is open for the claim centre; my coupons are the shopper's own (as the shell does for guarded routes).
  const mustLogin = tab !== 'centre' && !loggedIn;
  useEffect(() => {
    if (mustLogin) nav.replace(LOGIN_PATH, { returnTo: buildPath(COUPON_PATH, query.tab ? { tab: query.tab } : undefined) });
  }, [mustLogin, nav, query.tab]);
  if (mustLogin) return null;
  return (
    <Page className="coupon-page">
      <Tabs
        items={TABS.map((key) => ({ key, label: t(`tab.${key}`) }))}
        value={tab}
        onChange={(next) => next !== tab && nav.replace(COUPON_PATH, { tab: next })}
        sticky
      />
      {tab === 'centre' ? <Centre /> : <Mine key={tab} state={tab} />}
    </Page>
  );
}

function Centre() {
  const { t } = useT('coupon');
  const kernel = useKernel();
  const { loggedIn } = useSession();
  const state = useCall(couponContract.centre, {});
  const [claiming, setClaiming] = useState<number | null>(null);
  const claim = async (coupon: CentreCoupon) => {
    // Back to the claim centre once logged in, where the shopper claims it.
    if (!loggedIn) return kernel.nav.login(buildPath(COUPON_PATH, { tab: 'centre' }));
    setClaiming(coupon.id);
    try {
      await kernel.http.data(couponContract.claim, { coupon_id: coupon.id });
      toast(t('claim.done'));
    } catch (error) {
      if (!isCallError(error)) throw error; // the kernel has shown the refusal
    } finally {
      setClaiming(null);
      void state.reload();
    }
  };
  const aside = (c: CentreCoupon) => {
    if (c.mine >= c.per_user) return <span>{t('card.claimed')}</span>;
    if (c.left <= 0) return <span>{t('card.sold_out')}</span>;
    return (
      <Button size="small" variant="primary" round loading={claiming === c.id} disabled={claiming !== null} onClick={() => void claim(c)}>
        {t('card.claim')}
      </Button>
    );
  };
  return (
    <Async state={state} loading={<ListSkeleton />} isEmpty={(list) => list.length === 0} empty={<Empty icon="coupon" text={t('empty.centre')} />}>
      {(list) => (
        <div className="coupon-list">
          {list.map((c) => (
            <CouponCard
              key={c.id}
              coupon={c}
              validity={[validityOf(t, c), t('card.left', { left: c.left }), c.mine > 0 ? t('card.held', { count: c.mine }) : ''].filter(Boolean).join(' · ')}
              aside={aside(c)}
              dimmed={c.left <= 0 && c.mine === 0}
            />
          ))}
        </div>
      )}
    </Async>
  );
}

function Mine({ state: which }: { state: MyState }) {
  const { t } = useT('coupon');
  const nav = useNav();
  const state = usePaged<typeof couponContract.mine, MyCoupon>(couponContract.mine, { state: which }, { limit: 10 });
  const empty = (
    <Empty
      icon="coupon"
      text={t(`empty.${which}`)}
      action={
        which === 'unused' ? (
          <Button size="small" round onClick={() => nav.replace(COUPON_PATH, { tab: 'centre' })}>
            {t('tab.centre')}
          </Button>
        ) : undefined
      }
    />
  );
  const card = (c: MyCoupon) => {
    if (which === 'used') return <CouponCard coupon={c.coupon} validity={t('card.used_on', { order_no: c.order_no ?? '' })} dimmed />;
    if (which === 'expired') return <CouponCard coupon={c.coupon} validity={expiresOn(t, c.expires_at)} dimmed aside={<span>{t('tab.expired')}</span>} />;
    // Disabled by the shop after the shopper claimed it: still held, but no order takes it.
    if (c.coupon.disabled) return <CouponCard coupon={c.coupon} validity={expiresOn(t, c.expires_at)} dimmed note={t('reason.disabled')} aside={<span>{t('card.unusable')}</span>} />;
    return (
      <CouponCard
        coupon={c.coupon}
        validity={expiresOn(t, c.expires_at)}
        aside={
          <Button size="small" round onClick={() => nav.to(HOME_PATH)}>
            {t('card.use')}
          </Button>
        }
      />
    );
  };
  return (
    <div className="coupon-list">
      <List state={state} itemKey={(c) => c.id} renderItem={card} empty={empty} />
    </div>
  );
}
