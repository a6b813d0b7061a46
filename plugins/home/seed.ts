/**
 * Demo home content: the site logo (config/sites/default.json points at it), three banners and
 * four notices, their text in Chinese and English. The logo and banners are pictures (PNG, JPEG), as a shop's would be, drawn from
 * their art by `tests/art/render-seed-art.ts` into ./seed-art/ and copied to `<uploads>/seed/`.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SeedContext } from '@kernel/server/plugin';
import { BANNERS, bannerFile } from './seed-pictures';
import type {} from './tables';

const SEED_ART = fileURLToPath(new URL('./seed-art/', import.meta.url));

const NOTICES = [
  {
    title: '欢迎光临优选商城', content: '感谢您选择优选商城！全场正品保障，支持 7 天无理由退货。如有疑问，请在“我的”页面联系在线客服。',
    title_en: 'Welcome to Youxuan Mall',
    content_en: 'Thank you for shopping with us! Every item is genuine, and you may return it within 7 days for any reason. Questions? Chat with us from the "Me" page.',
  },
  {
    title: '物流配送时效说明', content: '每日 16:00 前付款的订单当天发货，江浙沪地区一般次日送达，其他地区 2-4 天送达。偏远地区以物流公司实际时效为准。',
    title_en: 'Delivery times',
    content_en: 'Orders paid before 16:00 ship the same day. Jiangsu, Zhejiang and Shanghai usually receive them the next day, other regions in 2-4 days; remote areas as the carrier allows.',
  },
  {
    title: '谨防电信诈骗提醒', content: '本商城工作人员不会以任何理由要求您提供银行卡密码或验证码，也不会要求您向私人账户转账。如遇可疑来电，请及时联系客服核实。',
    title_en: 'Beware of phone scams',
    content_en: 'Our staff will never ask for your card password or a verification code, nor ask you to pay into a personal account. If a call seems suspicious, check with customer service.',
  },
  {
    title: '售后服务时间调整', content: '即日起在线客服服务时间调整为每天 9:00-22:00，节假日照常服务。非服务时间的留言将在次日优先处理。',
    title_en: 'New customer service hours',
    content_en: 'Online customer service now answers every day from 9:00 to 22:00, holidays included. Messages left outside these hours are answered first thing the next day.',
  },
];

/** The banners' titles (their pictures' alt text) in English, by the Chinese. */
const BANNER_TITLE_EN: Record<string, string> = { 数码焕新季: 'Digital upgrade season', 鲜果到家: 'Fresh fruit delivered', 居家好物节: 'Home essentials festival' };

const HOUR = 3600;

export async function seedHome({ db, services }: SeedContext): Promise<void> {
  for (const file of BANNERS.map((_, i) => bannerFile(i))) await services.uploads.keep('seed', file, () => readFile(path.join(SEED_ART, file)));
  const now = services.clock.nowSeconds();
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('home_banner')
      .values(BANNERS.map((b, i) => ({ image: `/uploads/seed/${bannerFile(i)}`, title: b.title, title_en: BANNER_TITLE_EN[b.title] ?? '', link: b.link, sort: i, status: 1 })))
      .execute();
    await tx
      .insertInto('home_notice')
      .values(NOTICES.map((n, i) => ({ ...n, created_at: now - (i + 1) * 26 * HOUR, status: 1 })))
      .execute();
  });
}
