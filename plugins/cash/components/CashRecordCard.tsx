/** One cash-out in the log: state chip, amount, fee and what reaches the card, the card, the times and a rejection's reason. */
import { dateTime } from '@kernel/core/time';
import { useT } from '@kernel/client/hooks';
import { Price } from '@kernel/client/ui';
import type { CashRecord } from '../contract';
import { stateName } from '../states';

export function CashRecordCard({ record }: { record: CashRecord }) {
  const { t } = useT('cash');
  const state = stateName(record.state) ?? 'pending';
  const times: [string, number | null][] = [
    ['log.created', record.createtime],
    ['log.reviewed', record.reviewtime],
    ['log.paid', record.paytime],
  ];
  return (
    <article className="cash-record" aria-label={t('log.record', { id: record.id })}>
      <header className="cash-record__head">
        <span className="cash-record__card">
          {record.bank} {record.card}
        </span>
        <span className={`cash-chip cash-chip--${state}`}>{t(`state.${state}`)}</span>
      </header>
      <p className="cash-record__amount">
        <Price value={record.amount} size="large" />
      </p>
      <p className="cash-record__line">
        {t('log.fee')} <Price value={record.fee} size="small" /> · {t('log.actual')} <Price value={record.actual} size="small" />
      </p>
      {record.reason && <p className="cash-record__reason">{t('log.reason', { reason: record.reason })}</p>}
      {times.map(([label, at]) =>
        at === null ? null : (
          <p key={label} className="cash-record__time">
            {t(label)} {dateTime(at)}
          </p>
        ),
      )}
    </article>
  );
}
