/**
 * Catalogue text in the request's language: English requests get the optional English name
 * (goods_003) where one is stored, everyone else — and every row without one — the Chinese name.
 */
import { sql, type Expression, type RawBuilder } from 'kysely';
import type { Lang } from '@kernel/server/plugin';
import type { SpecDimension } from './contract';

/** SQL for "the English column when asked for and not empty, else the Chinese one". */
export function localizedName<T extends string | null>(lang: Lang, name: Expression<T>, nameEn: Expression<T>): RawBuilder<T> {
  return lang === 'en' ? sql<T>`coalesce(nullif(${nameEn}, ''), ${name})` : sql<T>`${name}`;
}

export { textIn } from '@kernel/core/language';

/** Spec values as shoppers read them ("曜石黑 / 256GB"), each translated where `valuesEn` has it. */
export const specText = (spec: Record<string, string>, valuesEn: Record<string, string> = {}): string =>
  Object.values(spec)
    .map((value) => valuesEn[value] || value)
    .join(' / ');

/**
 * Spec dimensions keep their Chinese `name` and `values` (the SKUs' spec objects are keyed by
 * them); an English request gets a display `label` for the names and `valueLabels` for the values
 * that have a translation.
 */
export function labelSpecs(specs: SpecDimension[], namesEn: Record<string, string>, lang: Lang, valuesEn: Record<string, string> = {}): SpecDimension[] {
  if (lang !== 'en') return specs;
  return specs.map((d) => {
    const translated = d.values.filter((value) => valuesEn[value]);
    return {
      ...d,
      ...(namesEn[d.name] ? { label: namesEn[d.name] } : {}),
      ...(translated.length ? { valueLabels: Object.fromEntries(translated.map((value) => [value, valuesEn[value]])) } : {}),
    };
  });
}
