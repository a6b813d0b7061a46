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

/**
 * Spec dimensions keep their Chinese `name` (the SKUs' spec objects are keyed by it); an English
 * request gets a display `label` for the names that have a translation.
 */
export function labelSpecs(specs: SpecDimension[], namesEn: Record<string, string>, lang: Lang): SpecDimension[] {
  if (lang !== 'en') return specs;
  return specs.map((d) => (namesEn[d.name] ? { ...d, label: namesEn[d.name] } : d));
}
