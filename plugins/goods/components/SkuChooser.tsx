/**
 * The attribute specs as choices: one row of values per dimension; values no in-stock SKU
 * allows with the current choice are disabled. The rules live in ../sku.ts.
 */
import { useT } from '@kernel/client/hooks';
import { Chip, ChipGroup } from '@kernel/client/ui/Chip';
import type { Sku, SpecDimension } from '../contract';
import { choose, isAvailable, type Selection } from '../sku';

export interface SkuChooserProps {
  specs: readonly SpecDimension[];
  skus: readonly Sku[];
  selection: Selection;
  onChange: (selection: Selection) => void;
}

export function SkuChooser({ specs, skus, selection, onChange }: SkuChooserProps) {
  const { t } = useT('goods');
  if (specs.length === 0) return null;
  return (
    <div className="goods-sku" aria-label={t('detail.specs')}>
      {specs.map((dim, d) => (
        <fieldset key={dim.name} className="goods-sku__dim">
          <legend className="goods-sku__name">{dim.label ?? dim.name}</legend>
          <ChipGroup>
            {dim.values.map((value) => {
              const chosen = selection[d] === value;
              const available = chosen || isAvailable(specs, skus, selection, d, value);
              return (
                <Chip key={value} selected={chosen} disabled={!available} onClick={() => onChange(choose(selection, d, value))}>
                  {dim.valueLabels?.[value] ?? value}
                </Chip>
              );
            })}
          </ChipGroup>
        </fieldset>
      ))}
    </div>
  );
}
