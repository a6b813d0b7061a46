/** Score (`/user/score/score`): the points now and the score ledger, filtered by type. */
import type { PageProps } from '@kernel/client/plugin';
import { LedgerView } from '../components/LedgerView';
import { SCORE_PATH } from '../paths';

export default function ScorePage({ query }: PageProps) {
  return <LedgerView account="score" path={SCORE_PATH} query={query} />;
}
