/** The sold share of an item as a bar: "已抢 x%", or "仅剩 n 件" once few are left. */
import { useBootT } from '@kernel/client/hooks';
import './parts.css';

/** At most this many left: the bar says how many instead of the share. */
const FEW_LEFT = 10;

export function SoldBar({ percent, left, started }: { percent: number; left: number; started: boolean }) {
  const { t } = useBootT('seckill');
  const text = !started ? t('item.stock', { count: left }) : left > 0 && left <= FEW_LEFT ? t('item.left', { count: left }) : t('item.sold', { percent });
  return (
    <div className="seckill-bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-label={text}>
      <span className="seckill-bar__fill" style={{ width: `${percent}%` }} />
      <span className="seckill-bar__text" data-testid="seckill-bar">
        {text}
      </span>
    </div>
  );
}
