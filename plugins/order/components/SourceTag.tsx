/**
 * A tag naming the source that placed an order ("秒杀" on a flash-sale order), for the sources the
 * order strings name under `source.<id>`; none for the cart and "buy now".
 */
import { useT } from '@kernel/client/hooks';

export function SourceTag({ source }: { source: string }) {
  const { t, i18n } = useT('order');
  const key = `source.${source}`;
  if (!i18n.exists(key, { ns: 'order' })) return null;
  return <span className="order-source-tag">{t(key)}</span>;
}
