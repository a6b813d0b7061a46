/**
 * The shopper's commission totals: frozen, credited and kept, credited in total, and what is still
 * owed after a take-back; the owed amount stands out, with how it is repaid, while it is not zero.
 */
import { useT } from '@kernel/client/hooks';
import { Price } from '@kernel/client/ui';
import { toFen } from '@kernel/core/money';
import type { CommissionTotals } from '../contract';

const TOTALS = ['frozen', 'available', 'paid_out', 'owed'] as const satisfies readonly (keyof CommissionTotals)[];

export function CommissionSummary({ totals }: { totals: CommissionTotals }) {
  const { t } = useT('team');
  const owes = toFen(totals.owed) > 0;
  return (
    <section className="team-commission-totals" aria-label={t('commission.totals.label')}>
      <div className="team-commission-totals__grid">
        {TOTALS.map((key) => (
          <div
            key={key}
            role="group"
            aria-label={t(`commission.totals.${key}`)}
            className={`team-commission-total${key === 'owed' && owes ? ' team-commission-total--owed' : ''}`}
          >
            <Price value={totals[key]} className="team-commission-total__value" />
            <span className="team-commission-total__label">{t(`commission.totals.${key}`)}</span>
          </div>
        ))}
      </div>
      {owes && (
        <p className="team-commission-totals__owed" role="note">
          {t('commission.owed_hint', { amount: totals.owed })}
        </p>
      )}
      <p className="team-commission-totals__rule">{t('commission.rule')}</p>
    </section>
  );
}
