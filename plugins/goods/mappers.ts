/** Rows to wire shapes: fen become yuan strings, JSON columns become values, flags become booleans. Pure. */
import { formatYuan } from '@kernel/core/money';
import type { Brand, GoodsCard, Sku, SpecDimension } from './contract';

export interface CardRow {
  id: number;
  category_id: number;
  name: string;
  subtitle: string;
  image: string;
  price: number;
  market_price: number;
  sales: number;
  stock: number;
  unit: string;
  recommend: number;
  brand_name: string | null;
}

export interface BrandRow {
  id: number;
  name: string;
  logo: string;
  initials: string;
}

export interface SkuRow {
  id: number;
  spec: string;
  price: number;
  market_price: number;
  stock: number;
  image: string;
}

/** A JSON column that does not hold what it should reads as the fallback rather than failing the page. */
export function parseJson<T>(text: string, fallback: T, valid: (value: unknown) => boolean): T {
  try {
    const value: unknown = JSON.parse(text);
    return valid(value) ? (value as T) : fallback;
  } catch {
    return fallback;
  }
}

const isStringArray = (v: unknown) => Array.isArray(v) && v.every((x) => typeof x === 'string');
const isSpecs = (v: unknown) =>
  Array.isArray(v) &&
  v.every((d) => typeof d === 'object' && d !== null && typeof d.name === 'string' && isStringArray(d.values));
const isSpecValues = (v: unknown) =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === 'string');

export const parseImages = (text: string): string[] => parseJson<string[]>(text, [], isStringArray);
export const parseSpecs = (text: string): SpecDimension[] => parseJson<SpecDimension[]>(text, [], isSpecs);
export const parseSpecValues = (text: string): Record<string, string> =>
  parseJson<Record<string, string>>(text, {}, isSpecValues);

export function toCard(row: CardRow): GoodsCard {
  return {
    id: row.id,
    category_id: row.category_id,
    name: row.name,
    subtitle: row.subtitle,
    image: row.image,
    price: formatYuan(row.price),
    market_price: formatYuan(row.market_price),
    sales: row.sales,
    stock: row.stock,
    unit: row.unit,
    brand_name: row.brand_name ?? '',
    recommend: row.recommend === 1,
  };
}

export function toBrand(row: BrandRow): Brand {
  return { id: row.id, name: row.name, logo: row.logo, initails: row.initials };
}

export function toSku(row: SkuRow): Sku {
  return {
    id: row.id,
    spec: parseSpecValues(row.spec),
    price: formatYuan(row.price),
    market_price: formatYuan(row.market_price),
    stock: row.stock,
    image: row.image,
  };
}
