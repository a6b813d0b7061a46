/**
 * Cash out (`/user/cashOut/cashOut`): the balance, the amount with "全部提现", the fee and what
 * reaches the card, the card to pay to, submit. The rules (minimum, maximum, fee rate, daily
 * count) come from the server's `cashInfo`; the fee shown is computed with the server's own
 * rule (../fee.ts) and labelled an estimate, since the server computes it again on submit with
 * the rules of that moment. The amount is held at once; the log shows what happens next.
 */
import { useState } from 'react';
import { isCallError } from '@kernel/client/call-error';
import { useForm } from '@kernel/client/form';
import { useCall, useKernel, useNav, useT } from '@kernel/client/hooks';
import { Button, CellGroup, Empty, ErrorState, Page, Price, Skeleton, toast } from '@kernel/client/ui';
import { Field } from '@kernel/client/ui/Field';
import { SubmitBar } from '@kernel/client/ui/SubmitBar';
import { typedFen, amountProblem } from '../components/amount-check';
import { CardPicker } from '../components/CardPicker';
import { cashContract, type BankCard, type CashInfo } from '../contract';
import { cashFee, ratePercent } from '../fee';
import { ADD_BANK_PATH, CASH_LOG_PATH, FROM_CASH_OUT } from '../paths';
import './cash.css';
import { newRequestKey } from '@kernel/core/request-key';

export default function CashOutPage() {
  const { t } = useT('cash');
  const nav = useNav();
  const info = useCall(cashContract.cashInfo, {});
  const cards = useCall(cashContract.bankCardList, {});

  const failed = [info, cards].filter((state) => state.status === 'error' && state.data === undefined);
  if (failed.length > 0) {
    const retry = () => failed.forEach((state) => void state.reload());
    return <Page className="cash-page"><ErrorState message={failed[0].error?.msg} onRetry={retry} /></Page>;
  }
  if (!info.data || !cards.data) return <Page className="cash-page"><Skeleton rows={4} /></Page>;
  if (cards.data.length === 0) {
    const add = (
      <Button variant="primary" size="small" round onClick={() => nav.to(ADD_BANK_PATH, { from: FROM_CASH_OUT })}>
        {t('cash_out.add_card')}
      </Button>
    );
    return <Page className="cash-page"><Empty icon="card" text={t('cash_out.no_card')} action={add} /></Page>;
  }
  return (
    <Page className="cash-page">
      <CashOutForm info={info.data} cards={cards.data} />
    </Page>
  );
}

function CashOutForm({ info, cards }: { info: CashInfo; cards: readonly BankCard[] }) {
  const kernel = useKernel();
  const { t } = useT('cash');
  const form = useForm({ amount: '' });
  const [cardId, setCardId] = useState(cards[0].id);
  // One key per visit: a retried submission (a lost reply) finds its cash-out instead of making another.
  const [requestKey] = useState(newRequestKey);
  const fen = typedFen(form.values.amount);
  const fee = fen === null ? null : cashFee(fen, info.fee_rate);

  const submit = form.handleSubmit({
    validate: (v) => amountProblem(v.amount, info),
    send: async (v) => {
      try {
        const done = await kernel.http.data(cashContract.applyCash, { amount: v.amount.trim(), bank_id: cardId, request_key: requestKey });
        kernel.session.update({ money: done.money });
      } catch (failure) {
        // The kernel has shown the refusal ("余额不足", the daily limit…); the amount stays.
        if (isCallError(failure)) return;
        throw failure;
      }
      toast(t('cash_out.submitted'), { icon: 'success' });
      kernel.nav.replace(CASH_LOG_PATH);
    },
  });

  const rules = [
    t('cash_out.rule_min', { min: info.min_amount }),
    t('cash_out.rule_fee', { rate: ratePercent(info.fee_rate) }),
    ...(info.daily_limit > 0 ? [t('cash_out.rule_daily', { limit: info.daily_limit, count: info.today_count })] : []),
  ];
  return (
    <form className="cash-form" onSubmit={submit} noValidate aria-label={t('cash_out.form')}>
      <section className="cash-balance">
        <span className="cash-balance__label">{t('cash_out.balance')}</span>
        <span data-testid="cash-balance">
          <Price value={info.money} size="large" />
        </span>
      </section>
      <CellGroup>
        <Field
          label={t('cash_out.amount')}
          placeholder={t('cash_out.amount_placeholder', { min: info.min_amount })}
          inputMode="decimal"
          {...form.field('amount')}
          extra={
            <Button size="small" variant="plain" onClick={() => form.set('amount', info.money)}>
              {t('cash_out.all')}
            </Button>
          }
        />
        <dl className="cash-quote" aria-label={t('cash_out.quote')}>
          <div>
            <dt>{t('cash_out.fee')}</dt>
            <dd data-testid="cash-fee">{fee === null ? '--' : <Price value={fee} size="small" />}</dd>
          </div>
          <div>
            <dt>{t('cash_out.actual')}</dt>
            <dd data-testid="cash-actual">{fen === null || fee === null ? '--' : <Price value={fen - fee} size="small" />}</dd>
          </div>
        </dl>
      </CellGroup>
      <CardPicker cards={cards} value={cardId} onChange={setCardId} />
      <ul className="cash-rules">
        {rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <SubmitBar busy={form.busy}>{t('cash_out.submit')}</SubmitBar>
    </form>
  );
}
