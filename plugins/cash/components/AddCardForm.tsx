/**
 * The add-card form: holder, number (grouped in fours as typed), bank (filled in from the
 * number while the shopper has not typed one), reserved mobile. Every problem shows at once
 * beside its field, the server's refusals of a field too; the form keeps what was typed, to correct.
 */
import { useEffect, useRef } from 'react';
import { showRefusal, useForm } from '@kernel/client/form';
import { useKernel, useT } from '@kernel/client/hooks';
import { CellGroup, toast } from '@kernel/client/ui';
import { Field } from '@kernel/client/ui/Field';
import { SubmitBar } from '@kernel/client/ui/SubmitBar';
import { BANK_MAX, CARD_MAX, HOLDER_MAX, cardDigits, groupCard } from '../card-rules';
import { cashContract, type BankCard } from '../contract';
import { cardProblems, emptyCard, type CardFormValues } from './card-form';
import { useBankGuess } from './use-bank-guess';

/** 19 digits and the spaces between their groups. */
const CARD_INPUT_MAX = CARD_MAX + Math.floor((CARD_MAX - 1) / 4);

export function AddCardForm({ onAdded }: { onAdded: (card: BankCard) => void }) {
  const kernel = useKernel();
  const { t } = useT('cash');
  const form = useForm(emptyCard());
  const digits = cardDigits(form.values.card);
  const guess = useBankGuess(digits);
  // The bank stays the shopper's once they typed in it; until then it follows the number.
  const bankTyped = useRef(false);

  const { set } = form;
  useEffect(() => {
    if (!bankTyped.current) set('bank', guess?.bank ?? '');
  }, [guess, set]);

  const submit = form.handleSubmit({
    validate: cardProblems,
    send: async (v) => {
      let card: BankCard;
      try {
        const payload = { holder: v.holder.trim(), card: cardDigits(v.card), bank: v.bank.trim(), mobile: v.mobile.trim() };
        card = await kernel.http.data(cashContract.addBankCard, payload, { toastError: false });
      } catch (failure) {
        showRefusal(form, failure);
        return;
      }
      toast(t('bank.added'), { icon: 'success' });
      for (const [name, value] of Object.entries(emptyCard())) form.set(name as keyof CardFormValues, value);
      bankTyped.current = false;
      onAdded(card);
    },
  });

  const bankHint = guess === null ? undefined : guess.bank ? t('bank.recognised') : t('bank.unrecognised');
  return (
    <form className="cash-form" onSubmit={submit} noValidate aria-label={t('bank.form')}>
      <CellGroup>
        <Field label={t('bank.holder')} placeholder={t('bank.holder_placeholder')} maxLength={HOLDER_MAX} autoComplete="cc-name" {...form.field('holder')} />
        <Field
          label={t('bank.card')}
          placeholder={t('bank.card_placeholder')}
          inputMode="numeric"
          autoComplete="cc-number"
          maxLength={CARD_INPUT_MAX}
          {...form.field('card')}
          onChange={(value) => form.set('card', groupCard(value))}
        />
        <Field
          label={t('bank.bank')}
          placeholder={t('bank.bank_placeholder')}
          maxLength={BANK_MAX}
          {...form.field('bank')}
          onChange={(value) => {
            bankTyped.current = value.trim() !== '';
            form.set('bank', value);
          }}
        />
        {bankHint && !form.field('bank').error && <p className="cash-form__hint">{bankHint}</p>}
        <Field label={t('bank.mobile')} placeholder={t('bank.mobile_placeholder')} type="tel" inputMode="numeric" maxLength={11} autoComplete="tel" {...form.field('mobile')} />
      </CellGroup>
      <p className="cash-form__note">{t('bank.privacy')}</p>
      <SubmitBar busy={form.busy}>{t('bank.submit')}</SubmitBar>
    </form>
  );
}
