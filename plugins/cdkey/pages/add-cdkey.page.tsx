/**
 * Redeem a card key (`/user/cdkey/addCdkey`, custom navigation bar): the balance and points now,
 * card number and password, and the redeem button. Every problem shows at once beside its field,
 * the server's refusals of a field too; any other refusal shows by the form. A success says what
 * was credited and the session takes the new balance and points. Opened with `?returnTo=` (e.g.
 * from a payment short of balance), it then goes straight back there; otherwise the way on leads
 * to the ledger when the wallet's pages exist.
 */
import { useState } from 'react';
import { isCallError } from '@kernel/client/call-error';
import { useForm } from '@kernel/client/form';
import { useKernel, useSession, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { newRequestKey } from '@kernel/core/request-key';
import { Button, CellGroup, Icon, Link, NavBar, Page, Price, toast } from '@kernel/client/ui';
import { Field } from '@kernel/client/ui/Field';
import { SubmitBar } from '@kernel/client/ui/SubmitBar';
import { cdkeyContract, type Redeemed } from '../contract';
import { returnPath } from '../paths';
import './cdkey.css';

/** The wallet's ledgers (spec §2), linked when a plugin provides them. */
const LEDGER_PATHS = { balance: '/user/money/money', score: '/user/score/score' } as const;

export default function AddCdkeyPage({ query }: PageProps) {
  const kernel = useKernel();
  const { user } = useSession();
  const { t } = useT('cdkey');
  const back = returnPath(query.returnTo, (path) => kernel.routes.find(path) !== undefined);
  const form = useForm({ card: '', password: '' });
  const [problem, setProblem] = useState('');
  const [redeemed, setRedeemed] = useState<Redeemed | null>(null);
  // One key per card entered: a retried or double-sent redemption is answered, never credited twice.
  const [requestKey, setRequestKey] = useState(newRequestKey);

  const submit = form.handleSubmit({
    validate: ({ card, password }) => [
      ...(card.trim() ? [] : [{ field: 'card', key: 'cdkey:validation.card' }]),
      ...(password.trim() ? [] : [{ field: 'password', key: 'cdkey:validation.password' }]),
    ],
    send: async ({ card, password }) => {
      setProblem('');
      try {
        const reply = await kernel.http.data(cdkeyContract.applyCdkey, { user_id: user?.id, card: card.trim(), password: password.trim(), request_key: requestKey }, { toastError: false });
        kernel.session.update({ money: reply.money, score: reply.score });
        if (back) {
          toast(t('done.returned', { credited: t(`done.${reply.kind}`, { amount: reply.amount }) }), { icon: 'success' });
          kernel.nav.replace(back);
          return;
        }
        setRedeemed(reply);
      } catch (failure) {
        // Status and network failures get the kernel's modal; a refusal stays here: beside the
        // fields it names, else (or as well, for what no field shows) by the form.
        if (!isCallError(failure)) throw failure;
        if (!form.refuse(failure) && failure.reason === 'business') setProblem(failure.msg);
      }
    },
  });

  const again = () => {
    form.set('card', '');
    form.set('password', '');
    setRequestKey(newRequestKey());
    setRedeemed(null);
  };

  return (
    <Page header={<NavBar title={t('title')} />}>
      <section className="cdkey-wallet" aria-label={t('title')}>
        <div className="cdkey-wallet__item">
          <span className="cdkey-wallet__label">{t('wallet.money')}</span>
          <span data-testid="cdkey-money">
            <Price value={user?.money ?? '0.00'} />
          </span>
        </div>
        <div className="cdkey-wallet__item">
          <span className="cdkey-wallet__label">{t('wallet.score')}</span>
          <strong data-testid="cdkey-score">{user?.score ?? 0}</strong>
        </div>
      </section>
      {redeemed ? (
        <Done redeemed={redeemed} onAgain={again} />
      ) : (
        <form className="cdkey-form" onSubmit={submit} noValidate>
          <CellGroup>
            <Field label={t('form.card')} placeholder={t('form.card_placeholder')} inputMode="numeric" autoComplete="off" maxLength={64} {...form.field('card')} />
            <Field label={t('form.password')} placeholder={t('form.password_placeholder')} autoComplete="off" autoCapitalize="characters" maxLength={64} {...form.field('password')} />
          </CellGroup>
          <p className="cdkey-form__hint">{t('form.hint')}</p>
          {back && <p className="cdkey-form__hint">{t('form.return_hint')}</p>}
          {problem && (
            <p className="cdkey-form__problem" role="alert">
              {problem}
            </p>
          )}
          <SubmitBar busy={form.busy}>{t('form.submit')}</SubmitBar>
        </form>
      )}
    </Page>
  );
}

function Done({ redeemed, onAgain }: { redeemed: Redeemed; onAgain: () => void }) {
  const kernel = useKernel();
  const { t } = useT('cdkey');
  const ledger = LEDGER_PATHS[redeemed.kind];
  return (
    <section className="cdkey-done" role="status">
      <Icon name="check" size={48} />
      <h2 className="cdkey-done__title">{t('done.title')}</h2>
      <p className="cdkey-done__amount">{t(`done.${redeemed.kind}`, { amount: redeemed.amount })}</p>
      <div className="cdkey-done__buttons">
        <Button variant="primary" block round onClick={onAgain}>
          {t('done.again')}
        </Button>
        {kernel.routes.find(ledger) && (
          <Link to={ledger} className="sf-button sf-button--default sf-button--normal sf-button--round sf-button--block">
            {t(redeemed.kind === 'balance' ? 'done.view_money' : 'done.view_score')}
          </Link>
        )}
      </div>
    </section>
  );
}
