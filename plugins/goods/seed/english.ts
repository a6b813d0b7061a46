/**
 * English text of the demo catalogue, served to English requests (goods_003). Keyed by the Chinese
 * text; anything missing here simply stays Chinese.
 */
export const CATEGORY_EN: Record<string, string> = {
  数码: 'Digital', 手机: 'Phones', 耳机: 'Headphones', 平板: 'Tablets',
  服饰: 'Fashion', 男装: 'Menswear', 女装: 'Womenswear', 鞋靴: 'Shoes',
  食品: 'Food', 零食: 'Snacks', 饮料: 'Drinks', 生鲜: 'Fresh',
  家居: 'Home', 厨具: 'Kitchen', 家纺: 'Bedding', 收纳: 'Storage',
  美妆: 'Beauty', 护肤: 'Skincare', 彩妆: 'Make-up',
};

export const SPEC_NAME_EN: Record<string, string> = {
  颜色: 'Colour', 存储: 'Storage', 尺码: 'Size', 尺寸: 'Size', 规格: 'Pack', 口味: 'Flavour', 款式: 'Style', 色号: 'Shade',
};

export const GOODS_EN: Record<string, string> = {
  '极光 X5 5G 智能手机': 'Aurora X5 5G Smartphone',
  '极光 Lite 青春版手机': 'Aurora Lite Phone',
  '极光 Fold 折叠屏手机': 'Aurora Fold Foldable Phone',
  '声悦 Pods Pro 主动降噪耳机': 'Sonic Pods Pro Noise-Cancelling Earbuds',
  '声悦 H1 头戴式蓝牙耳机': 'Sonic H1 Over-Ear Bluetooth Headphones',
  '声悦 S2 运动挂耳耳机': 'Sonic S2 Sports Ear-Hook Earphones',
  '极光 Pad 11 平板电脑': 'Aurora Pad 11 Tablet',
  '极光 Pad mini 8.4 英寸': 'Aurora Pad mini 8.4"',
  '极光 手写笔 第二代': 'Aurora Stylus (2nd gen)',
  '素衣 男士纯棉短袖 T 恤': "Suyi Men's Cotton T-Shirt",
  '素衣 男士休闲直筒牛仔裤': "Suyi Men's Straight Jeans",
  '素衣 男士轻薄羽绒服': "Suyi Men's Light Down Jacket",
  '素衣 女士法式碎花连衣裙': "Suyi Women's Floral Dress",
  '素衣 女士羊毛针织开衫': "Suyi Women's Wool Cardigan",
  '素衣 女士高腰阔腿裤': "Suyi Women's High-Waist Wide-Leg Trousers",
  '步履 轻跑 3 代跑步鞋': 'Stride Light Run 3 Running Shoes',
  '步履 女士百搭小白鞋': "Stride Women's White Sneakers",
  '步履 男士加绒马丁靴': "Stride Men's Fleece-Lined Boots",
  '田园记 每日坚果礼盒': 'Tianyuan Daily Nuts Gift Box',
  '田园记 手撕风干牛肉干': 'Tianyuan Air-Dried Beef Jerky',
  '田园记 海苔夹心脆': 'Tianyuan Seaweed Crisps',
  '清泉 天然矿泉水 550ml×24 瓶': 'Clear Spring Mineral Water 550ml × 24',
  '清泉 无糖茶 500ml×15 瓶': 'Clear Spring Sugar-Free Tea 500ml × 15',
  '清泉 NFC 鲜榨橙汁 1L': 'Clear Spring NFC Orange Juice 1L',
  '田园记 赣南脐橙 5kg': 'Tianyuan Gannan Navel Oranges 5kg',
  '田园记 智利车厘子 2kg': 'Tianyuan Chilean Cherries 2kg',
  '田园记 散养土鸡蛋 30 枚': 'Tianyuan Free-Range Eggs × 30',
  '暖居 麦饭石不粘炒锅': 'Cosy Home Non-Stick Wok',
  '暖居 不锈钢刀具七件套': 'Cosy Home 7-Piece Knife Set',
  '暖居 玻璃保鲜盒 5 件套': 'Cosy Home Glass Food Boxes × 5',
  '暖居 60 支全棉四件套': 'Cosy Home Cotton Bedding Set',
  '暖居 天然乳胶枕': 'Cosy Home Natural Latex Pillow',
  '暖居 冬季加厚羊毛被': 'Cosy Home Winter Wool Quilt',
  '暖居 可折叠收纳箱 3 只装': 'Cosy Home Folding Storage Boxes × 3',
  '暖居 五层抽屉式收纳柜': 'Cosy Home 5-Drawer Cabinet',
  '暖居 真空压缩袋 10 件套': 'Cosy Home Vacuum Bags × 10',
  '花语 玻尿酸补水精华液': 'Huayu Hyaluronic Serum',
  '花语 氨基酸洁面乳 120g': 'Huayu Amino Acid Cleanser 120g',
  '花语 清爽防晒霜 SPF50+': 'Huayu Light Sunscreen SPF50+',
  '花语 丝绒哑光口红': 'Huayu Velvet Matte Lipstick',
  '花语 柔焦气垫粉底': 'Huayu Soft-Focus Cushion Foundation',
  '花语 大地色眼影盘 12 色': 'Huayu Earth-Tone Eyeshadow Palette (12)',
};

/** The English names of the spec dimensions a goods has. */
export const specNamesEn = (names: readonly string[]): Record<string, string> =>
  Object.fromEntries(names.filter((n) => SPEC_NAME_EN[n]).map((n) => [n, SPEC_NAME_EN[n]]));
