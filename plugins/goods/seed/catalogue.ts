/**
 * The demo catalogue: two-level categories, brands and 42 goods with realistic names, units,
 * models, packing lists and specs. Prices are yuan here; the seed converts them to fen.
 */
import type { SpecDimension } from '../contract';
import type { ArtKind } from './art';

export interface SeedCategory {
  name: string;
  initials: string;
  art: ArtKind;
  hue: number;
  children: { name: string; initials: string; art: ArtKind; hue: number }[];
}

export const CATEGORIES: SeedCategory[] = [
  { name: '数码', initials: 'S', art: 'phone', hue: 215, children: [
    { name: '手机', initials: 'S', art: 'phone', hue: 220 },
    { name: '耳机', initials: 'E', art: 'headphones', hue: 250 },
    { name: '平板', initials: 'P', art: 'tablet', hue: 200 },
  ] },
  { name: '服饰', initials: 'F', art: 'shirt', hue: 330, children: [
    { name: '男装', initials: 'N', art: 'shirt', hue: 210 },
    { name: '女装', initials: 'N', art: 'dress', hue: 340 },
    { name: '鞋靴', initials: 'X', art: 'shoe', hue: 25 },
  ] },
  { name: '食品', initials: 'S', art: 'fruit', hue: 30, children: [
    { name: '零食', initials: 'L', art: 'snack', hue: 40 },
    { name: '饮料', initials: 'Y', art: 'bottle', hue: 190 },
    { name: '生鲜', initials: 'S', art: 'fruit', hue: 100 },
  ] },
  { name: '家居', initials: 'J', art: 'pot', hue: 160, children: [
    { name: '厨具', initials: 'C', art: 'pot', hue: 10 },
    { name: '家纺', initials: 'J', art: 'pillow', hue: 280 },
    { name: '收纳', initials: 'S', art: 'box', hue: 45 },
  ] },
  { name: '美妆', initials: 'M', art: 'lipstick', hue: 350, children: [
    { name: '护肤', initials: 'H', art: 'jar', hue: 180 },
    { name: '彩妆', initials: 'C', art: 'lipstick', hue: 355 },
  ] },
];

export const BRANDS = [
  { name: '极光', initials: 'J', hue: 220 },
  { name: '声悦', initials: 'S', hue: 260 },
  { name: '素衣', initials: 'S', hue: 30 },
  { name: '步履', initials: 'B', hue: 15 },
  { name: '田园记', initials: 'T', hue: 110 },
  { name: '清泉', initials: 'Q', hue: 195 },
  { name: '暖居', initials: 'N', hue: 20 },
  { name: '花语', initials: 'H', hue: 335 },
];

export interface SeedGoods {
  category: string;
  brand: string;
  name: string;
  /** Selling points joined by " | "; they also become the detail's highlights. */
  subtitle: string;
  unit: string;
  model: string;
  packing: string;
  price: number;
  market: number;
  specs?: SpecDimension[];
  /** Yuan added per value of each dimension (same order as `specs`); missing means no surcharge. */
  surcharge?: number[][];
  /** Yuan added to the "was" price per value, like `surcharge`; missing means the SKU keeps the goods' discount. */
  marketSurcharge?: number[][];
  sales: number;
  recommend?: boolean;
  offSale?: boolean;
}

const colour = (...values: string[]): SpecDimension => ({ name: '颜色', values });
const size = (...values: string[]): SpecDimension => ({ name: '尺码', values });
const spec = (name: string, ...values: string[]): SpecDimension => ({ name, values });

export const GOODS: SeedGoods[] = [
  { category: '手机', brand: '极光', name: '极光 X5 5G 智能手机', subtitle: '6.7 英寸 120Hz 高刷屏 | 5000mAh 大电池 | 5000 万像素主摄', unit: '台', model: 'JG-X5', packing: '手机 ×1，USB-C 数据线 ×1，取卡针 ×1，保护壳 ×1，快速指南 ×1', price: 2999, market: 3299, specs: [colour('曜石黑', '星河蓝', '月光白'), spec('存储', '8GB+128GB', '8GB+256GB', '12GB+512GB')], surcharge: [[], [0, 300, 800]], sales: 1280, recommend: true },
  { category: '手机', brand: '极光', name: '极光 Lite 青春版手机', subtitle: '7.9mm 轻薄机身 | 两天长续航 | 超值之选', unit: '台', model: 'JG-L3', packing: '手机 ×1，充电器 ×1，USB-C 数据线 ×1，取卡针 ×1', price: 1299, market: 1499, specs: [colour('薄荷绿', '樱花粉', '曜石黑'), spec('存储', '6GB+128GB', '8GB+256GB')], surcharge: [[], [0, 200]], marketSurcharge: [[], [0, 0]], sales: 860 },
  { category: '手机', brand: '极光', name: '极光 Fold 折叠屏手机', subtitle: '7.8 英寸内屏 | 水滴铰链无折痕 | 卫星通信', unit: '台', model: 'JG-F2', packing: '手机 ×1，66W 充电器 ×1，数据线 ×1，保护壳 ×1', price: 7999, market: 8999, specs: [colour('玄武黑', '冰川银'), spec('存储', '12GB+256GB', '16GB+1TB')], surcharge: [[], [0, 1500]], sales: 96, recommend: true },
  { category: '耳机', brand: '声悦', name: '声悦 Pods Pro 主动降噪耳机', subtitle: '48dB 深度降噪 | 30 小时续航 | 空间音频', unit: '副', model: 'SY-P2', packing: '耳机 ×2，充电盒 ×1，硅胶耳塞 ×3 对，数据线 ×1', price: 499, market: 699, specs: [colour('珍珠白', '曜石黑')], sales: 2310, recommend: true },
  { category: '耳机', brand: '声悦', name: '声悦 H1 头戴式蓝牙耳机', subtitle: 'Hi-Res 认证 | 柔软蛋白耳罩 | 60 小时续航', unit: '副', model: 'SY-H1', packing: '耳机 ×1，收纳包 ×1，3.5mm 音频线 ×1，数据线 ×1', price: 399, market: 499, specs: [colour('深空灰', '奶油白', '雾霾蓝')], sales: 540 },
  { category: '耳机', brand: '声悦', name: '声悦 S2 运动挂耳耳机', subtitle: 'IPX5 防水 | 稳固不掉 | 开放式聆听', unit: '副', model: 'SY-S2', packing: '耳机 ×1，磁吸充电线 ×1', price: 199, market: 259, specs: [colour('活力橙', '曜石黑')], sales: 780, offSale: true },
  { category: '平板', brand: '极光', name: '极光 Pad 11 平板电脑', subtitle: '11 英寸 2.5K 护眼屏 | 四扬声器 | 8600mAh', unit: '台', model: 'JG-PAD11', packing: '平板 ×1，充电器 ×1，数据线 ×1，快速指南 ×1', price: 1999, market: 2299, specs: [colour('深空灰', '银色'), spec('存储', '8GB+128GB', '8GB+256GB')], surcharge: [[], [0, 300]], sales: 430, recommend: true },
  { category: '平板', brand: '极光', name: '极光 Pad mini 8.4 英寸', subtitle: '小巧便携 | 单手握持 | 阅读追剧', unit: '台', model: 'JG-PADM', packing: '平板 ×1，充电器 ×1，数据线 ×1', price: 1499, market: 1699, specs: [colour('深空灰', '薄荷绿')], sales: 210 },
  { category: '平板', brand: '极光', name: '极光 手写笔 第二代', subtitle: '4096 级压感 | 磁吸充电 | 低延迟书写', unit: '支', model: 'JG-PEN2', packing: '手写笔 ×1，备用笔尖 ×2', price: 299, market: 349, sales: 350 },
  { category: '男装', brand: '素衣', name: '素衣 男士纯棉短袖 T 恤', subtitle: '新疆长绒棉 | 亲肤透气 | 不易变形', unit: '件', model: 'SY-M-T01', packing: 'T 恤 ×1，吊牌 ×1', price: 79, market: 129, specs: [colour('白色', '黑色', '藏青'), size('M', 'L', 'XL', 'XXL')], sales: 3200, recommend: true },
  { category: '男装', brand: '素衣', name: '素衣 男士休闲直筒牛仔裤', subtitle: '弹力面料 | 四季可穿 | 水洗不褪色', unit: '条', model: 'SY-M-J02', packing: '牛仔裤 ×1，吊牌 ×1', price: 199, market: 299, specs: [colour('浅蓝', '深蓝'), size('30', '32', '34', '36')], sales: 960 },
  { category: '男装', brand: '素衣', name: '素衣 男士轻薄羽绒服', subtitle: '90% 白鸭绒 | 可收纳 | 防泼水', unit: '件', model: 'SY-M-D03', packing: '羽绒服 ×1，收纳袋 ×1', price: 459, market: 699, specs: [colour('黑色', '军绿', '卡其'), size('M', 'L', 'XL')], sales: 410 },
  { category: '女装', brand: '素衣', name: '素衣 女士法式碎花连衣裙', subtitle: '雪纺面料 | 收腰显瘦 | 过膝长度', unit: '件', model: 'SY-W-D01', packing: '连衣裙 ×1，吊牌 ×1', price: 239, market: 359, specs: [colour('蓝色碎花', '粉色碎花'), size('S', 'M', 'L')], sales: 1500, recommend: true },
  { category: '女装', brand: '素衣', name: '素衣 女士羊毛针织开衫', subtitle: '含羊毛 30% | 柔软不扎 | 宽松版型', unit: '件', model: 'SY-W-K02', packing: '开衫 ×1，吊牌 ×1', price: 299, market: 429, specs: [colour('燕麦色', '雾霾蓝', '黑色'), size('S', 'M', 'L')], sales: 620 },
  { category: '女装', brand: '素衣', name: '素衣 女士高腰阔腿裤', subtitle: '垂感面料 | 显高显瘦 | 通勤百搭', unit: '条', model: 'SY-W-P03', packing: '阔腿裤 ×1，吊牌 ×1', price: 169, market: 239, specs: [colour('黑色', '杏色'), size('S', 'M', 'L', 'XL')], sales: 880 },
  { category: '鞋靴', brand: '步履', name: '步履 轻跑 3 代跑步鞋', subtitle: '缓震回弹 | 透气网面 | 轻至 220g', unit: '双', model: 'BL-R3', packing: '跑鞋 ×1 双，备用鞋带 ×1 副，鞋盒 ×1', price: 399, market: 599, specs: [colour('白灰', '黑红'), size('39', '40', '41', '42', '43')], sales: 1900, recommend: true },
  { category: '鞋靴', brand: '步履', name: '步履 女士百搭小白鞋', subtitle: '头层牛皮 | 软底舒适 | 百搭板鞋', unit: '双', model: 'BL-W21', packing: '板鞋 ×1 双，鞋盒 ×1', price: 269, market: 359, specs: [size('35', '36', '37', '38', '39')], sales: 1300 },
  { category: '鞋靴', brand: '步履', name: '步履 男士加绒马丁靴', subtitle: '防滑耐磨 | 保暖加绒 | 手工缝线', unit: '双', model: 'BL-M8', packing: '马丁靴 ×1 双，鞋盒 ×1', price: 459, market: 599, specs: [colour('黑色', '棕色'), size('39', '40', '41', '42', '43', '44')], sales: 380, offSale: true },
  { category: '零食', brand: '田园记', name: '田园记 每日坚果礼盒', subtitle: '6 种坚果果干 | 独立小包 | 营养均衡', unit: '盒', model: 'TY-N750', packing: '坚果小包 ×30，礼盒 ×1', price: 99, market: 139, specs: [spec('规格', '750g 礼盒', '1.5kg 家庭装')], surcharge: [[0, 90]], sales: 5200, recommend: true },
  { category: '零食', brand: '田园记', name: '田园记 手撕风干牛肉干', subtitle: '内蒙古草原牛 | 高蛋白 | 越嚼越香', unit: '袋', model: 'TY-B200', packing: '牛肉干 ×1 袋', price: 49.9, market: 69, specs: [spec('口味', '原味', '香辣', '五香'), spec('规格', '200g', '400g')], surcharge: [[], [0, 45]], sales: 2600 },
  { category: '零食', brand: '田园记', name: '田园记 海苔夹心脆', subtitle: '芝麻夹心 | 酥脆可口 | 儿童零食', unit: '罐', model: 'TY-S40', packing: '海苔脆 ×1 罐（40g）', price: 29.9, market: 39.9, specs: [spec('口味', '芝麻', '杏仁')], sales: 1400 },
  { category: '饮料', brand: '清泉', name: '清泉 天然矿泉水 550ml×24 瓶', subtitle: '天然弱碱 | 低钠 | 源自深层水源', unit: '箱', model: 'QQ-W550', packing: '矿泉水 550ml ×24 瓶', price: 39.9, market: 49.9, sales: 8800, recommend: true },
  { category: '饮料', brand: '清泉', name: '清泉 无糖茶 500ml×15 瓶', subtitle: '0 糖 0 脂 | 冷泡工艺 | 回甘清爽', unit: '箱', model: 'QQ-T500', packing: '无糖茶 500ml ×15 瓶', price: 59, market: 75, specs: [spec('口味', '乌龙茶', '茉莉花茶', '大麦茶')], sales: 3100 },
  { category: '饮料', brand: '清泉', name: '清泉 NFC 鲜榨橙汁 1L', subtitle: '非浓缩还原 | 冷链配送 | 无添加', unit: '瓶', model: 'QQ-J1L', packing: '橙汁 1L ×1 瓶（整箱 ×6 瓶）', price: 26.8, market: 32, specs: [spec('规格', '1L×1 瓶', '1L×6 瓶')], surcharge: [[0, 120]], sales: 760 },
  { category: '生鲜', brand: '田园记', name: '田园记 赣南脐橙 5kg', subtitle: '现摘现发 | 果径 75-80mm | 酸甜多汁', unit: '箱', model: 'TY-O5', packing: '脐橙 5kg ×1 箱', price: 59.9, market: 79.9, specs: [spec('规格', '5kg 中果', '5kg 大果')], surcharge: [[0, 15]], sales: 4200, recommend: true },
  { category: '生鲜', brand: '田园记', name: '田园记 智利车厘子 2kg', subtitle: 'JJ 级大果 | 冷链直达 | 坏果包赔', unit: '盒', model: 'TY-C2', packing: '车厘子 2kg ×1 盒，冰袋 ×2', price: 199, market: 259, specs: [spec('规格', 'JJ 级 2kg', 'JJJ 级 2kg')], surcharge: [[0, 60]], sales: 900 },
  { category: '生鲜', brand: '田园记', name: '田园记 散养土鸡蛋 30 枚', subtitle: '林下散养 | 蛋黄饱满 | 破损包赔', unit: '盒', model: 'TY-E30', packing: '鸡蛋 ×30 枚，防震蛋托 ×1', price: 45.9, market: 59, sales: 1700 },
  { category: '厨具', brand: '暖居', name: '暖居 麦饭石不粘炒锅', subtitle: '麦饭石涂层 | 少油烟 | 燃气电磁炉通用', unit: '口', model: 'NJ-W32', packing: '炒锅 ×1，锅盖 ×1，木铲 ×1', price: 189, market: 299, specs: [spec('尺寸', '30cm', '32cm')], surcharge: [[0, 20]], sales: 1100, recommend: true },
  { category: '厨具', brand: '暖居', name: '暖居 不锈钢刀具七件套', subtitle: '德国钢材 | 锋利耐用 | 附防霉刀座', unit: '套', model: 'NJ-K7', packing: '菜刀 ×1，切片刀 ×1，水果刀 ×1，剪刀 ×1，磨刀棒 ×1，刨刀 ×1，刀座 ×1', price: 259, market: 399, sales: 480 },
  { category: '厨具', brand: '暖居', name: '暖居 玻璃保鲜盒 5 件套', subtitle: '高硼硅玻璃 | 可微波可冷冻 | 密封锁鲜', unit: '套', model: 'NJ-G5', packing: '保鲜盒 ×5，盖子 ×5', price: 89, market: 129, specs: [colour('透明蓝盖', '透明灰盖')], sales: 950 },
  { category: '家纺', brand: '暖居', name: '暖居 60 支全棉四件套', subtitle: '60 支长绒棉 | 亲肤柔软 | 贡缎工艺', unit: '套', model: 'NJ-B60', packing: '被套 ×1，床单 ×1，枕套 ×2', price: 399, market: 599, specs: [colour('月白', '雾粉', '灰蓝'), spec('尺寸', '1.5m 床', '1.8m 床')], surcharge: [[], [0, 60]], sales: 1250, recommend: true },
  { category: '家纺', brand: '暖居', name: '暖居 天然乳胶枕', subtitle: '泰国天然乳胶 | 护颈曲线 | 透气防螨', unit: '个', model: 'NJ-P1', packing: '乳胶枕 ×1，枕套 ×1', price: 159, market: 229, specs: [spec('款式', '标准款', '高低款')], sales: 2100 },
  { category: '家纺', brand: '暖居', name: '暖居 冬季加厚羊毛被', subtitle: '澳洲羊毛 | 保暖透气 | 四季可拆', unit: '床', model: 'NJ-Q8', packing: '羊毛被 ×1，收纳袋 ×1', price: 499, market: 799, specs: [spec('尺寸', '150×200cm', '200×230cm')], surcharge: [[0, 150]], sales: 330, offSale: true },
  { category: '收纳', brand: '暖居', name: '暖居 可折叠收纳箱 3 只装', subtitle: '大容量 | 带盖防尘 | 不用时可折叠', unit: '组', model: 'NJ-S3', packing: '收纳箱 ×3，箱盖 ×3', price: 69, market: 99, specs: [colour('米白', '浅灰'), spec('规格', '中号', '大号')], surcharge: [[], [0, 30]], sales: 1800 },
  { category: '收纳', brand: '暖居', name: '暖居 五层抽屉式收纳柜', subtitle: '免安装 | 带静音滑轮 | 抽屉可拆洗', unit: '个', model: 'NJ-C5', packing: '收纳柜 ×1，滑轮 ×4', price: 229, market: 329, sales: 420 },
  { category: '收纳', brand: '暖居', name: '暖居 真空压缩袋 10 件套', subtitle: '衣物被褥收纳 | 节省 80% 空间 | 送电泵', unit: '套', model: 'NJ-V10', packing: '压缩袋 ×10，电动抽气泵 ×1', price: 59, market: 89, sales: 2700, recommend: true },
  { category: '护肤', brand: '花语', name: '花语 玻尿酸补水精华液', subtitle: '深层补水 | 温和不刺激 | 敏感肌可用', unit: '瓶', model: 'HY-E30', packing: '精华液 ×1 瓶，说明书 ×1', price: 169, market: 239, specs: [spec('规格', '30ml', '50ml')], surcharge: [[0, 80]], sales: 3600, recommend: true },
  { category: '护肤', brand: '花语', name: '花语 氨基酸洁面乳 120g', subtitle: '温和清洁 | 洗后不紧绷 | 细腻泡沫', unit: '支', model: 'HY-C120', packing: '洁面乳 ×1 支', price: 69, market: 99, sales: 4100 },
  { category: '护肤', brand: '花语', name: '花语 清爽防晒霜 SPF50+', subtitle: '轻薄不油腻 | 防水防汗 | 妆前可用', unit: '支', model: 'HY-S50', packing: '防晒霜 ×1 支', price: 119, market: 159, specs: [spec('规格', '40ml', '60ml')], surcharge: [[0, 40]], sales: 1900 },
  { category: '彩妆', brand: '花语', name: '花语 丝绒哑光口红', subtitle: '显白不拔干 | 持久显色 | 丝绒质地', unit: '支', model: 'HY-L01', packing: '口红 ×1 支，礼盒 ×1', price: 129, market: 169, specs: [spec('色号', '#01 正红', '#02 豆沙', '#03 枫叶', '#04 奶茶')], sales: 5600, recommend: true },
  { category: '彩妆', brand: '花语', name: '花语 柔焦气垫粉底', subtitle: '轻薄服帖 | 遮瑕控油 | 附替换装', unit: '盒', model: 'HY-F15', packing: '气垫 ×1，替换芯 ×1，粉扑 ×2', price: 199, market: 269, specs: [spec('色号', '象牙白', '自然色')], sales: 1350 },
  { category: '彩妆', brand: '花语', name: '花语 大地色眼影盘 12 色', subtitle: '大地色系 | 细腻易晕染 | 哑光珠光搭配', unit: '盘', model: 'HY-P12', packing: '眼影盘 ×1，双头刷 ×1', price: 149, market: 199, sales: 980 },
];
