/**
 * Goods detail (`?id=`): gallery, price, sales and stock, the facts (brand, unit, model, packing
 * list), the SKU chooser, the sanitized detail text, and a bottom bar that other plugins fill:
 * icons through the `goods.icons` menu slot (service, cart), full-width buttons through the
 * `goods.actions` extension point (add to cart, buy now).
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useCall, useExtensions, useKernel, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { queryId } from '@kernel/client/url';
import { HOME_PATH } from '@kernel/client/registries';
import { Button, Empty, ErrorState, NavBar, Page, Price, Skeleton, useCdn } from '@kernel/client/ui';
import { goodsActions } from '../actions';
import { ActionIcons, GOODS_ICONS_SLOT } from '../components/ActionIcons';
import { Gallery } from '../components/Gallery';
import { SkuChooser } from '../components/SkuChooser';
import { goodsContract, type GoodsDetail } from '../contract';
import { prepareRichHtml } from '@kernel/client/rich-html';
import { initialSelection, view, type Selection } from '../sku';
import './detail.css';

export default function DetailPage({ query }: PageProps) {
  const kernel = useKernel();
  const { t } = useT('goods');
  const id = queryId(query.id);
  const state = useCall(goodsContract.detail, id === undefined ? null : { id });
  const header = <NavBar title={t('title.detail')} />;

  if (id === undefined) return <Page header={header}><Empty text={t('error.not_found')} /></Page>;
  if (state.status === 'error' && !state.data) {
    // The shop said no (gone, off sale): retrying cannot help, so offer the way back to shopping.
    const refused = state.error?.reason === 'business';
    return (
      <Page header={header}>
        {refused ? (
          <Empty
            text={state.error?.msg}
            action={<Button size="small" round onClick={() => kernel.nav.to(HOME_PATH)}>{t('detail.browse_more')}</Button>}
          />
        ) : (
          <ErrorState message={state.error?.msg} onRetry={() => void state.reload()} />
        )}
      </Page>
    );
  }
  if (!state.data || state.data.id !== id) {
    return <Page header={header}><Skeleton image={1} rows={3} /></Page>;
  }
  return <GoodsView key={state.data.id} goods={state.data} header={header} />;
}

function GoodsView({ goods, header }: { goods: GoodsDetail; header: ReactNode }) {
  const kernel = useKernel();
  const { t } = useT('goods');
  const cdn = useCdn();
  const [selection, setSelection] = useState<Selection>(() => initialSelection(goods.specs));
  const choice = useMemo(() => view(goods.specs, goods.skus, selection, goods), [goods, selection]);
  const actions = [...useExtensions(goodsActions).items].sort((a, b) => a.order - b.order);
  const detail = useMemo(() => prepareRichHtml(goods.detail, cdn), [goods.detail, cdn]);

  const facts: [string, string][] = [
    [t('detail.brand'), goods.brand?.name ?? ''],
    [t('detail.category'), goods.category.name],
    [t('detail.unit'), goods.unit],
    [t('detail.model'), goods.model],
    [t('detail.packing_list'), goods.packing_list],
  ];
  // As shown: the English of a value where the catalogue has one.
  const chosen = goods.specs.map((d, i) => selection[i] && (d.valueLabels?.[selection[i]] ?? selection[i])).filter((v): v is string => !!v);
  const icons = kernel.menu.slot(GOODS_ICONS_SLOT).length > 0;
  const footer = actions.length || icons ? (
    <div className="goods-actions">
      <ActionIcons />
      <div className="goods-actions__buttons">
        {actions.map(({ id, component: Action }) => (
          <Action key={id} goods={goods} choice={choice} />
        ))}
      </div>
    </div>
  ) : undefined;

  return (
    <Page header={header} footer={footer} className="goods-detail">
      <Gallery images={goods.images} alt={goods.name} />
      <section className="goods-detail__card goods-detail__head">
        <div className="goods-detail__price" data-testid="goods-price">
          <Price value={choice.minPrice} size="large" />
          {choice.maxPrice !== choice.minPrice && (
            <>
              <span className="goods-detail__dash">-</span>
              <Price value={choice.maxPrice} size="large" />
            </>
          )}
          {choice.marketMinPrice && choice.marketMaxPrice && (
            <span className="goods-detail__market" data-testid="goods-market-price">
              {t('detail.market_price')} <Price value={choice.marketMinPrice} size="small" del />
              {choice.marketMaxPrice !== choice.marketMinPrice && (
                <>
                  {' - '}
                  <Price value={choice.marketMaxPrice} size="small" del />
                </>
              )}
            </span>
          )}
        </div>
        <h1 className="goods-detail__name">{goods.name}</h1>
        {goods.subtitle && <p className="goods-detail__subtitle">{goods.subtitle}</p>}
        <div className="goods-detail__stats">
          <span>{t('detail.sales', { count: goods.sales })}</span>
          <span data-testid="goods-stock">{choice.stock > 0 ? t('detail.stock', { count: choice.stock }) : t('detail.sold_out')}</span>
        </div>
      </section>

      {goods.specs.length > 0 && (
        <section className="goods-detail__card">
          <div className="goods-detail__choice">
            {choice.image && <img src={cdn(choice.image)} alt="" className="goods-detail__thumb" />}
            <span>
              {choice.missing.length ? t('detail.choose', { names: choice.missing.join(' / ') }) : t('detail.chosen', { values: chosen.join(' / ') })}
            </span>
          </div>
          <SkuChooser specs={goods.specs} skus={goods.skus} selection={selection} onChange={setSelection} />
        </section>
      )}

      <section className="goods-detail__card">
        <dl className="goods-detail__facts">
          {facts
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
        </dl>
      </section>

      <section className="goods-detail__card" aria-label={t('detail.detail')}>
        <h2 className="goods-detail__title">{t('detail.detail')}</h2>
        {detail ? (
          // Sanitized on the server when written and again when read (plugins/goods/sanitize.ts).
          <div className="goods-detail__html" dangerouslySetInnerHTML={{ __html: detail }} />
        ) : (
          <Empty text={t('detail.no_detail')} />
        )}
      </section>
    </Page>
  );
}
