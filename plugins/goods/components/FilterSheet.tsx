/**
 * The list's filter sheet: brands of the current category and a price range in yuan. A small
 * bottom sheet of its own (the kit has a centred Modal only).
 */
import { useEffect, useState } from 'react';
import { useCall, useT } from '@kernel/client/hooks';
import { Button, Loader } from '@kernel/client/ui';
import { goodsContract } from '../contract';
import { NO_FILTERS, type Filters } from '../list-query';
import './chips.css';
import './filter-sheet.css';

export interface FilterSheetProps {
  open: boolean;
  categoryId?: number;
  value: Filters;
  onApply: (filters: Filters) => void;
  onClose: () => void;
}

export function FilterSheet({ open, categoryId, value, onApply, onClose }: FilterSheetProps) {
  const { t } = useT('goods');
  const [draft, setDraft] = useState(value);
  const brands = useCall(goodsContract.brands, open ? { category_id: categoryId } : null);

  useEffect(() => {
    if (open) setDraft(value);
  }, [open, value]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  if (!open) return null;
  return (
    <div className="goods-sheet" role="dialog" aria-modal="true" aria-label={t('list.filter')}>
      <div className="goods-sheet__mask" onClick={onClose} />
      <div className="goods-sheet__panel">
        <h3 className="goods-sheet__title">{t('list.brand')}</h3>
        {brands.status === 'loading' && !brands.data ? (
          <Loader block={false} />
        ) : (
          <div className="goods-chips">
            {(brands.data ?? []).map((brand) => {
              const chosen = draft.brandId === brand.id;
              return (
                <button
                  key={brand.id}
                  type="button"
                  aria-pressed={chosen}
                  className={`goods-chip${chosen ? ' goods-chip--active' : ''}`}
                  onClick={() => setDraft({ ...draft, brandId: chosen ? undefined : brand.id })}
                >
                  {brand.name}
                </button>
              );
            })}
          </div>
        )}
        <h3 className="goods-sheet__title">{t('list.price_range')}</h3>
        <div className="goods-sheet__range">
          <input
            inputMode="decimal"
            aria-label={t('list.price_min')}
            placeholder={t('list.price_min')}
            value={draft.priceMin}
            onChange={(event) => setDraft({ ...draft, priceMin: event.target.value })}
          />
          <span>—</span>
          <input
            inputMode="decimal"
            aria-label={t('list.price_max')}
            placeholder={t('list.price_max')}
            value={draft.priceMax}
            onChange={(event) => setDraft({ ...draft, priceMax: event.target.value })}
          />
        </div>
        <div className="goods-sheet__actions">
          <Button block round onClick={() => setDraft(NO_FILTERS)}>{t('list.reset')}</Button>
          <Button variant="primary" block round onClick={() => onApply(draft)}>
            {t('list.apply')}
          </Button>
        </div>
      </div>
    </div>
  );
}
