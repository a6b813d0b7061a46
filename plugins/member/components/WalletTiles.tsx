/**
 * Balance and score. A tile leads to its detail page only when a plugin provides that page
 * (spec routes /user/money/money and /user/score/score come with the wallet plugins).
 */
import { useKernel, useT } from '@kernel/client/hooks';
import { Link } from '@kernel/client/ui';
import type { ReactNode } from 'react';

const MONEY_PATH = '/user/money/money';
const SCORE_PATH = '/user/score/score';

export function WalletTiles({ money, score }: { money: string | null; score: number | null }) {
  const { t } = useT('member');
  return (
    <section className="member-wallet" aria-label={t('slots.wallet')}>
      <Tile path={MONEY_PATH} label={t('wallet.money')} value={money ?? '--'} testId="member-money" />
      <Tile path={SCORE_PATH} label={t('wallet.score')} value={score ?? '--'} testId="member-score" />
    </section>
  );
}

function Tile({ path, label, value, testId }: { path: string; label: string; value: ReactNode; testId: string }) {
  const kernel = useKernel();
  const content = (
    <>
      <strong className="member-wallet__value" data-testid={testId}>
        {value}
      </strong>
      <span className="member-wallet__label">{label}</span>
    </>
  );
  return kernel.routes.find(path) ? (
    <Link to={path} className="member-wallet__tile">
      {content}
    </Link>
  ) : (
    <div className="member-wallet__tile">{content}</div>
  );
}
