/** What `goods import` tells the operator: what it added, what it changed, what it kept. */
import type { ImportResult } from './import';

// The database's columns, as the file names them.
const FILE_COLUMN: Record<string, string> = {
  category_id: 'category', brand_id: 'brand', image: 'images', detail_html: 'detail', detail_html_en: 'detail_en', status: 'on_sale',
  specs: 'spec', spec_key: 'spec', spec_names_en: 'spec_en', spec_values_en: 'spec_en', added: 'new SKUs',
};
const SKU_COLUMN: Record<string, string> = { image: 'sku_image', price: 'SKU price', market_price: 'SKU market_price', stock: 'stock' };

export function importLines(result: ImportResult, siteName: string): string[] {
  const counts = `${result.created.length} goods added, ${result.updated.length} updated, ${result.unchanged} unchanged`;
  const lines = [
    result.dryRun
      ? `dry run of "${result.file}" against site \`${siteName}\`, nothing written: ${counts.replace('added', 'to add').replace('updated', 'to update')}`
      : `imported "${result.file}" into site \`${siteName}\`: ${counts}`,
  ];
  const made = result.dryRun ? 'to add' : 'added';
  if (result.categoriesCreated.length) lines.push(`categories ${made}: ${result.categoriesCreated.join(', ')}`);
  if (result.brandsCreated.length) lines.push(`brands ${made}: ${result.brandsCreated.join(', ')}`);
  for (const u of result.updated) {
    const changed = [...new Set([...u.goods.map((c) => FILE_COLUMN[c] ?? c), ...u.skus.map((c) => SKU_COLUMN[c] ?? FILE_COLUMN[c] ?? c)])];
    lines.push(`  ${result.dryRun ? 'to update' : 'updated'} ${u.code} (goods ${u.id}): ${changed.join(', ')}`);
  }
  if (result.updated.length) {
    lines.push('kept as they were: sales and listing time; stock is what is left to sell (units held by unpaid orders are not in it and come back if those orders are cancelled)');
  }
  return lines;
}
