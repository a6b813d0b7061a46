/** The list's filter sheet: brands of the current category and a price range in yuan. */
import { useEffect, useId, useState } from 'react';
import { useCall, useT } from '@kernel/client/hooks';
import { Button, Loader } from '@kernel/client/ui';
import { Sheet } from '@kernel/client/ui/Sheet';
import { Chip, ChipGroup } from '@kernel/client/ui/Chip';
import { goodsContract } from '../contract';
import { NO_FILTERS, type Filters } from '../list-query';
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
  const ids = useId();
  const [draft, setDraft] = useState(value);
  const brands = useCall(goodsContract.brands, open ? { category_id: categoryId } : null);

  useEffect(() => {
    if (open) setDraft(value);
  }, [open, value]);

  const price = (bound: 'priceMin' | 'priceMax', label: string) => (
    <input
      inputMode="decimal"
      aria-label={label}
      placeholder={label}
      value={draft[bound]}
      onChange={(event) => setDraft({ ...draft, [bound]: event.target.value })}
    />
  );

  return (
    <Sheet
      open={open}
      title={t('list.filter')}
      onClose={onClose}
      footer={
        <>
          <Button round onClick={() => setDraft(NO_FILTERS)}>
            {t('list.reset')}
          </Button>
          <Button variant="primary" round onClick={() => onApply(draft)}>
            {t('list.apply')}
          </Button>
        </>
      }
    >
      <section aria-labelledby={`${ids}-brand`}>
        <h3 id={`${ids}-brand`} className="goods-filter__title">
          {t('list.brand')}
        </h3>
        {brands.status === 'loading' && !brands.data ? (
          <Loader block={false} />
        ) : (
          <ChipGroup>
            {(brands.data ?? []).map((brand) => {
              const chosen = draft.brandId === brand.id;
              return (
                <Chip key={brand.id} selected={chosen} onClick={() => setDraft({ ...draft, brandId: chosen ? undefined : brand.id })}>
                  {brand.name}
                </Chip>
              );
            })}
          </ChipGroup>
        )}
      </section>
      <section aria-labelledby={`${ids}-price`}>
        <h3 id={`${ids}-price`} className="goods-filter__title">
          {t('list.price_range')}
        </h3>
        <div className="goods-filter__range">
          {price('priceMin', t('list.price_min'))}
          <span aria-hidden="true">—</span>
          {price('priceMax', t('list.price_max'))}
        </div>
      </section>
    </Sheet>
  );
}
