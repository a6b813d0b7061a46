/**
 * Demo catalogue for a fresh site: categories, brands and goods with SKUs, pictures drawn as
 * SVG files under `<uploads>/seed/` (no network needed) and served as `/uploads/seed/...`.
 */
import { escapeXml } from '@kernel/core/svg';
import type { SeedContext, Tx } from '@kernel/server/plugin';
import { createBrand, createCategory, createGoods, setGoodsMedia } from './admin.service';
import { specKey } from './sku';
import { brandArt, categoryArt, goodsArt, type ArtKind } from './seed/art';
import { BRANDS, CATEGORIES, GOODS, type SeedGoods } from './seed/catalogue';
import { BRAND_EN, CATEGORY_EN, GOODS_EN, SUBTITLE_EN, specNamesEn, specValuesEn } from './seed/english';
import { seedSkus } from './seed/skus';

const GALLERY = 3;
const DAY = 86_400;

function detailHtml(goods: SeedGoods, brand: string, picture: string): string {
  const rows: [string, string][] = [['品牌', brand], ['型号', goods.model], ['单位', goods.unit], ['包装清单', goods.packing]];
  return [
    '<h3>商品亮点</h3>',
    `<ul>${goods.subtitle.split(' | ').map((p) => `<li>${escapeXml(p)}</li>`).join('')}</ul>`,
    `<p><img src="${picture}" alt="${escapeXml(goods.name)}"></p>`,
    '<h3>规格参数</h3>',
    `<table><tbody>${rows.map(([k, v]) => `<tr><th>${k}</th><td>${escapeXml(v)}</td></tr>`).join('')}</tbody></table>`,
    '<h3>售后保障</h3>',
    '<p>正品保障，支持 7 天无理由退货；质量问题 15 天内包换。</p>',
  ].join('');
}

/** The same detail in English, for the goods whose name and subtitle have a translation; '' otherwise. */
function detailHtmlEn(goods: SeedGoods, brand: string, picture: string): string {
  const name = GOODS_EN[goods.name];
  const subtitle = SUBTITLE_EN[goods.subtitle];
  if (!name || !subtitle) return '';
  const rows: [string, string][] = [['Brand', BRAND_EN[brand] ?? brand], ['Model', goods.model], ['Unit', goods.unit], ['In the box', goods.packing]];
  return [
    '<h3>Highlights</h3>',
    `<ul>${subtitle.split(' | ').map((p) => `<li>${escapeXml(p)}</li>`).join('')}</ul>`,
    `<p><img src="${picture}" alt="${escapeXml(name)}"></p>`,
    '<h3>Specifications</h3>',
    `<table><tbody>${rows.map(([k, v]) => `<tr><th>${k}</th><td>${escapeXml(v)}</td></tr>`).join('')}</tbody></table>`,
    '<h3>After-sales</h3>',
    '<p>Genuine goods guaranteed. Return within 7 days for any reason; exchange within 15 days for quality problems.</p>',
  ].join('');
}

export async function seedGoods({ db, services }: SeedContext): Promise<void> {
  const picture = (file: string, svg: string) => services.uploads.keep('seed', file, async () => Buffer.from(svg));
  const now = services.clock.nowSeconds();

  await db.transaction().execute(async (tx: Tx) => {
    const categoryIds = new Map<string, { id: number; art: ArtKind; hue: number }>();
    for (const [i, root] of CATEGORIES.entries()) {
      const rootId = await createCategory(tx, { parentId: 0, name: root.name, nameEn: CATEGORY_EN[root.name], initials: root.initials, sort: i });
      await tx.updateTable('goods_category').set({ image: await picture(`category-${rootId}.svg`, categoryArt(root.art, root.hue)) }).where('id', '=', rootId).execute();
      for (const [j, child] of root.children.entries()) {
        const id = await createCategory(tx, { parentId: rootId, name: child.name, nameEn: CATEGORY_EN[child.name], initials: child.initials, sort: j });
        await tx.updateTable('goods_category').set({ image: await picture(`category-${id}.svg`, categoryArt(child.art, child.hue)) }).where('id', '=', id).execute();
        categoryIds.set(child.name, { id, art: child.art, hue: child.hue });
      }
    }

    const brandIds = new Map<string, number>();
    for (const [i, brand] of BRANDS.entries()) {
      const id = await createBrand(tx, { name: brand.name, nameEn: BRAND_EN[brand.name], initials: brand.initials, sort: i });
      await tx.updateTable('goods_brand').set({ logo: await picture(`brand-${id}.svg`, brandArt(brand.name, brand.hue)) }).where('id', '=', id).execute();
      brandIds.set(brand.name, id);
    }

    for (const [i, goods] of GOODS.entries()) {
      const category = categoryIds.get(goods.category);
      const brandId = brandIds.get(goods.brand);
      if (!category || brandId === undefined) throw new Error(`demo goods "${goods.name}" names an unknown category or brand`);
      const specs = goods.specs ?? [];
      const skus = seedSkus(goods, i);
      const id = await createGoods(tx, {
        categoryId: category.id,
        brandId,
        name: goods.name,
        nameEn: GOODS_EN[goods.name],
        specNamesEn: specNamesEn(specs.map((d) => d.name)),
        specValuesEn: specValuesEn(specs.flatMap((d) => d.values)),
        subtitle: goods.subtitle,
        subtitleEn: SUBTITLE_EN[goods.subtitle],
        marketPrice: Math.round(goods.market * 100),
        sales: goods.sales,
        unit: goods.unit,
        model: goods.model,
        packingList: goods.packing,
        specs,
        skus,
        detailHtml: '',
        onSale: !goods.offSale,
        recommend: goods.recommend,
        // Spread over the last weeks so "newest" has an order to show.
        createdAt: now - (GOODS.length - i) * DAY,
      });
      const images: string[] = [];
      for (let n = 1; n <= GALLERY; n++) {
        images.push(await picture(`goods-${id}-${n}.svg`, goodsArt(category.art, category.hue, goods.name, n)));
      }
      await setGoodsMedia(tx, id, images, detailHtml(goods, goods.brand, images[1]), detailHtmlEn(goods, goods.brand, images[1]));
      // A colour choice shows its own picture: the gallery's pictures stand in for the colours.
      const colours = specs.find((d) => d.name === '颜色');
      if (colours) {
        for (const sku of skus) {
          const image = images[colours.values.indexOf(sku.spec['颜色']) % GALLERY];
          await tx.updateTable('goods_sku').set({ image }).where('goods_id', '=', id).where('spec_key', '=', specKey(specs, sku.spec)).execute();
        }
      }
    }
  });
}
