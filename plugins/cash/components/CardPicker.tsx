/** The card a cash-out goes to: one radio per card (bank and masked number), and a way to add one. */
import { useT } from '@kernel/client/hooks';
import { Link } from '@kernel/client/ui';
import type { BankCard } from '../contract';
import { ADD_BANK_PATH, FROM_CASH_OUT } from '../paths';

export function CardPicker({ cards, value, onChange }: { cards: readonly BankCard[]; value: number; onChange: (id: number) => void }) {
  const { t } = useT('cash');
  return (
    <fieldset className="cash-picker">
      <legend className="cash-picker__legend">{t('cash_out.card')}</legend>
      {cards.map((card) => (
        <label key={card.id} className={`cash-picker__card${card.id === value ? ' cash-picker__card--chosen' : ''}`}>
          <input type="radio" name="bank_id" value={card.id} checked={card.id === value} onChange={() => onChange(card.id)} />
          <span className="cash-picker__bank">{card.bank}</span>
          <span className="cash-picker__number">{card.card}</span>
        </label>
      ))}
      <Link to={ADD_BANK_PATH} query={{ from: FROM_CASH_OUT }} className="cash-picker__add">
        {t('cash_out.add_card')}
      </Link>
    </fieldset>
  );
}
