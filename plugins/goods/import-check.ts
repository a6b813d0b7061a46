/**
 * The goods a catalogue file describes, checked row by row without the database: each problem
 * names its row and column, and every one is reported. A goods is the rows sharing a `code`; its
 * own columns may be on any of them but must agree; its specs are the names and values its rows
 * use, in the order they first appear.
 */
import { isYuan, toFen } from '@kernel/core/money';
import type { SpecDimension } from './contract';
import { GOODS_COLUMNS, LIST_SEPARATOR, PATH_SEPARATOR, type Column, type GoodsColumn } from './import-columns';
import type { FileRow } from './import-rows';
import { specKey } from './sku';

export interface ImportSku {
  row: number;
  spec: Record<string, string>;
  /** Fen. */
  price: number;
  /** The crossed-out "was" price, fen; 0 = none. */
  marketPrice: number;
  stock: number;
  /** As the file names it: a path, a /uploads/… path or a URL; '' = the goods' picture. */
  image: string;
}

export interface ImportGoods {
  /** The goods' first row, where problems about the goods as a whole are reported. */
  row: number;
  code: string;
  /** One or two levels: `['数码', '手机']`. */
  category: string[];
  /** English names of those levels, '' where none. */
  categoryEn: string[];
  brand: string;
  brandEn: string;
  name: string;
  nameEn: string;
  subtitle: string;
  subtitleEn: string;
  unit: string;
  model: string;
  packingList: string;
  onSale: boolean;
  recommend: boolean;
  sales: number;
  /** As the file names them; the first is the goods' main picture. */
  images: string[];
  detail: string;
  detailEn: string;
  specs: SpecDimension[];
  specNamesEn: Record<string, string>;
  specValuesEn: Record<string, string>;
  skus: ImportSku[];
  /** Fen: the "was" price beside the lowest price, that of the (first) cheapest SKU. */
  marketPrice: number;
}

export interface CheckedFile {
  goods: ImportGoods[];
  problems: Problem[];
}

export interface Problem {
  row: number;
  text: string;
}

const LIMITS: Partial<Record<Column, number>> = {
  code: 64, brand: 64, brand_en: 64, name: 120, name_en: 160, subtitle: 255, subtitle_en: 255, unit: 16, model: 64, packing_list: 512,
};
const PICTURE_LIMIT = 255;
const YES = new Set(['1', 'true', 'yes', 'y', '是']);
const NO = new Set(['0', 'false', 'no', 'n', '否']);

/** `颜色:黑|存储:128G` (a full-width ： also separates) → pairs; problems name the column. */
function pairsOf(text: string, column: string, say: (column: string, text: string) => void): [string, string][] | null {
  if (!text) return [];
  const pairs: [string, string][] = [];
  for (const part of text.split(LIST_SEPARATOR).map((p) => p.trim())) {
    const at = part.search(/[:：]/);
    const name = at < 0 ? '' : part.slice(0, at).trim();
    const value = at < 0 ? '' : part.slice(at + 1).trim();
    if (!name || !value) {
      say(column, `"${part}" is not name:value (e.g. 颜色:曜石黑|存储:256GB)`);
      return null;
    }
    pairs.push([name, value]);
  }
  return pairs;
}

/** The parts of a `|`-separated cell, trimmed, empty ones dropped. */
export const listOf = (text: string) => text.split(LIST_SEPARATOR).map((p) => p.trim()).filter(Boolean);

export function checkRows(rows: readonly FileRow[]): CheckedFile {
  const problems: Problem[] = [];
  const byCode = new Map<string, FileRow[]>();
  for (const r of rows) {
    const where = (column: string, text: string) => problems.push({ row: r.row, text: `row ${r.row}${r.line ? ` (line ${r.line})` : ''}, ${column}: ${text}` });
    const code = r.cells.code;
    if (!code) {
      where('code', 'required: the code the goods is known by (e.g. JG-X5), on each of its rows');
      continue;
    }
    for (const [column, limit] of Object.entries(LIMITS)) {
      const value = r.cells[column as Column];
      if ([...value].length > limit) where(column, `at most ${limit} characters, got ${[...value].length}`);
    }
    byCode.set(code, [...(byCode.get(code) ?? []), r]);
  }
  const goods: ImportGoods[] = [];
  for (const [code, own] of byCode) {
    const checked = checkGoods(code, own, problems);
    if (checked) goods.push(checked);
  }
  problems.sort((a, b) => a.row - b.row);
  return { goods, problems };
}

function checkGoods(code: string, rows: readonly FileRow[], problems: Problem[]): ImportGoods | null {
  const first = rows[0];
  const before = problems.length;
  const say = (r: FileRow) => (column: string, text: string) =>
    problems.push({ row: r.row, text: `row ${r.row}${r.line ? ` (line ${r.line})` : ''}, ${column}: ${text}` });
  const sayFirst = say(first);

  // The goods' own columns: the rows that give one must agree.
  const value = {} as Record<GoodsColumn, string>;
  for (const column of GOODS_COLUMNS) {
    const givenAt = rows.find((r) => r.cells[column] !== '');
    value[column] = givenAt?.cells[column] ?? '';
    for (const r of rows) {
      if (givenAt && r.cells[column] !== '' && r.cells[column] !== value[column]) {
        say(r)(column, `"${r.cells[column]}" differs from row ${givenAt.row}'s "${value[column]}" for goods ${code}: leave it empty or repeat it`);
      }
    }
  }
  if (!value.name) sayFirst('name', `required: what shoppers see (goods ${code})`);
  const category = value.category.split(PATH_SEPARATOR).map((p) => p.trim());
  if (!value.category) sayFirst('category', `required: a name path such as 数码/手机 (goods ${code})`);
  else if (category.length > 2 || category.some((p) => !p)) sayFirst('category', `"${value.category}" is not one or two names, e.g. 数码/手机`);
  else if (category.some((p) => [...p].length > 64)) sayFirst('category', 'a category name has at most 64 characters');
  const categoryEn = value.category_en ? value.category_en.split(PATH_SEPARATOR).map((p) => p.trim()) : category.map(() => '');
  if (categoryEn.length !== category.length && category.length <= 2) sayFirst('category_en', `"${value.category_en}" must name as many levels as the category "${value.category}"`);
  const flag = (column: 'on_sale' | 'recommend', otherwise: boolean) => {
    const text = value[column].toLowerCase();
    if (!text) return otherwise;
    if (YES.has(text)) return true;
    if (NO.has(text)) return false;
    sayFirst(column, `"${value[column]}" is not 1 or 0`);
    return otherwise;
  };
  const onSale = flag('on_sale', true);
  const recommend = flag('recommend', false);
  const sales = value.sales ? Number(value.sales) : 0;
  if (value.sales && (!/^\d+$/.test(value.sales) || !Number.isSafeInteger(sales))) sayFirst('sales', `"${value.sales}" is not a whole number ≥ 0`);
  const images = listOf(value.images);
  for (const image of images) if ([...image].length > PICTURE_LIMIT) sayFirst('images', `a picture's path or URL has at most ${PICTURE_LIMIT} characters`);

  // The SKUs, and the specs their rows use.
  const specNames: string[] = [];
  const specValues = new Map<string, string[]>();
  const specNamesEn: Record<string, string> = {};
  const specValuesEn: Record<string, string> = {};
  const firstRowOf = new Map<string, number>();
  const skus: ImportSku[] = [];
  // The first row whose spec reads sets the goods' specs.
  let specsFrom: number | null = null;
  for (const r of rows) {
    const at = say(r);
    const pairs = pairsOf(r.cells.spec, 'spec', at);
    const pairsEn = pairsOf(r.cells.spec_en, 'spec_en', at);
    if (!pairs) continue;
    const names = pairs.map(([name]) => name);
    if (new Set(names).size !== names.length) at('spec', `"${r.cells.spec}" names a spec twice`);
    if (specsFrom === null) {
      specsFrom = r.row;
      specNames.push(...names);
    } else if (names.length !== specNames.length || names.some((name) => !specNames.includes(name))) {
      at('spec', `"${r.cells.spec}" does not name the specs of row ${specsFrom} (${specNames.join(', ') || 'none'}): every SKU of goods ${code} names the same specs`);
      continue;
    }
    const spec = Object.fromEntries(pairs);
    for (const [name, v] of pairs) {
      const values = specValues.get(name) ?? [];
      if (!values.includes(v)) values.push(v);
      specValues.set(name, values);
    }
    if (pairsEn && pairsEn.length > 0) {
      if (pairsEn.length !== pairs.length) at('spec_en', `"${r.cells.spec_en}" must give ${pairs.length} name:value pair${pairs.length === 1 ? '' : 's'}, as the spec does`);
      else {
        pairs.forEach(([name, v], i) => {
          const [nameEn, valueEn] = pairsEn[i];
          for (const [zh, en, map] of [[name, nameEn, specNamesEn], [v, valueEn, specValuesEn]] as const) {
            if (map[zh] !== undefined && map[zh] !== en) at('spec_en', `"${en}" for "${zh}" differs from "${map[zh]}" given above for goods ${code}`);
            else map[zh] = en;
          }
        });
      }
    }
    const key = JSON.stringify(Object.entries(spec).sort());
    const seenAt = firstRowOf.get(key);
    if (seenAt !== undefined) at('spec', `repeats row ${seenAt}'s ${r.cells.spec || 'SKU (a goods without specs has one row)'} for goods ${code}`);
    else firstRowOf.set(key, r.row);
    const price = yuanOf(r.cells.price, 'price', at, true);
    const marketPrice = yuanOf(r.cells.market_price, 'market_price', at, false);
    const stock = Number(r.cells.stock);
    if (!/^\d+$/.test(r.cells.stock) || !Number.isSafeInteger(stock)) at('stock', r.cells.stock ? `"${r.cells.stock}" is not a whole number ≥ 0` : 'required: how many are in stock');
    if ([...r.cells.sku_image].length > PICTURE_LIMIT) at('sku_image', `a picture's path or URL has at most ${PICTURE_LIMIT} characters`);
    skus.push({ row: r.row, spec, price: price ?? 0, marketPrice: marketPrice ?? 0, stock, image: r.cells.sku_image });
  }
  const specs: SpecDimension[] = specNames.map((name) => ({ name, values: specValues.get(name) ?? [] }));
  for (const sku of skus) {
    if (specKey(specs, sku.spec).length > 255) say(rows.find((r) => r.row === sku.row) ?? first)('spec', 'the spec values are too long (255 characters in all)');
  }
  if (problems.length > before) return null;
  const lowest = Math.min(...skus.map((s) => s.price));
  return {
    row: first.row,
    code,
    category,
    categoryEn,
    brand: value.brand,
    brandEn: value.brand_en,
    name: value.name,
    nameEn: value.name_en,
    subtitle: value.subtitle,
    subtitleEn: value.subtitle_en,
    unit: value.unit || '件',
    model: value.model,
    packingList: value.packing_list,
    onSale,
    recommend,
    sales,
    images,
    detail: value.detail,
    detailEn: value.detail_en,
    specs,
    // In the specs' order, as the goods lists them.
    specNamesEn: translated(specNames, specNamesEn),
    specValuesEn: translated(specs.flatMap((d) => d.values), specValuesEn),
    skus,
    marketPrice: skus.find((s) => s.price === lowest)?.marketPrice ?? 0,
  };
}

const translated = (texts: readonly string[], en: Record<string, string>): Record<string, string> =>
  Object.fromEntries(texts.filter((zh) => en[zh] && en[zh] !== zh).map((zh) => [zh, en[zh]]));

/** Yuan with at most two decimals, ≥ 0, as fen; empty is 0 unless required. */
function yuanOf(text: string, column: string, at: (column: string, text: string) => void, required: boolean): number | null {
  if (!text) {
    if (required) at(column, 'required: the price in yuan, e.g. 2999 or 12.50');
    return required ? null : 0;
  }
  if (!isYuan(text) || text.trim().startsWith('-')) {
    at(column, `"${text}" is not an amount of yuan ≥ 0 with at most two decimals (e.g. 12.50)`);
    return null;
  }
  return toFen(text);
}
