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

export const BRAND_EN: Record<string, string> = {
  极光: 'Aurora', 声悦: 'Sonic', 素衣: 'Suyi', 步履: 'Stride', 田园记: 'Tianyuan', 清泉: 'Clear Spring', 暖居: 'Cosy Home', 花语: 'Huayu',
};

/** Subtitles by the Chinese subtitle: selling points joined by " | ", like the Chinese. */
export const SUBTITLE_EN: Record<string, string> = {
  '6.7 英寸 120Hz 高刷屏 | 5000mAh 大电池 | 5000 万像素主摄': '6.7" 120Hz display | 5000mAh battery | 50MP main camera',
  '7.9mm 轻薄机身 | 两天长续航 | 超值之选': '7.9mm slim body | Two-day battery | Great value',
  '7.8 英寸内屏 | 水滴铰链无折痕 | 卫星通信': '7.8" inner screen | Crease-free hinge | Satellite messaging',
  '48dB 深度降噪 | 30 小时续航 | 空间音频': '48dB noise cancelling | 30-hour battery | Spatial audio',
  'Hi-Res 认证 | 柔软蛋白耳罩 | 60 小时续航': 'Hi-Res certified | Soft protein ear cushions | 60-hour battery',
  'IPX5 防水 | 稳固不掉 | 开放式聆听': 'IPX5 water resistant | Secure fit | Open-ear listening',
  '11 英寸 2.5K 护眼屏 | 四扬声器 | 8600mAh': '11" 2.5K eye-care screen | Four speakers | 8600mAh',
  '小巧便携 | 单手握持 | 阅读追剧': 'Compact | One-handed | Reading and streaming',
  '4096 级压感 | 磁吸充电 | 低延迟书写': '4096 pressure levels | Magnetic charging | Low-latency writing',
  '新疆长绒棉 | 亲肤透气 | 不易变形': 'Xinjiang long-staple cotton | Soft and breathable | Keeps its shape',
  '弹力面料 | 四季可穿 | 水洗不褪色': 'Stretch fabric | All-season | Colourfast',
  '90% 白鸭绒 | 可收纳 | 防泼水': '90% white duck down | Packable | Water-repellent',
  '雪纺面料 | 收腰显瘦 | 过膝长度': 'Chiffon | Fitted waist | Below the knee',
  '含羊毛 30% | 柔软不扎 | 宽松版型': '30% wool | Soft, never itchy | Relaxed fit',
  '垂感面料 | 显高显瘦 | 通勤百搭': 'Flowing fabric | Lengthening cut | Office to weekend',
  '缓震回弹 | 透气网面 | 轻至 220g': 'Cushioned rebound | Breathable mesh | From 220g',
  '头层牛皮 | 软底舒适 | 百搭板鞋': 'Full-grain leather | Soft sole | Goes with everything',
  '防滑耐磨 | 保暖加绒 | 手工缝线': 'Non-slip, hard-wearing | Fleece-lined | Hand-stitched',
  '6 种坚果果干 | 独立小包 | 营养均衡': '6 nuts and dried fruits | Single-serve packs | Balanced nutrition',
  '内蒙古草原牛 | 高蛋白 | 越嚼越香': 'Inner Mongolian grass-fed beef | High protein | Rich flavour',
  '芝麻夹心 | 酥脆可口 | 儿童零食': 'Sesame filling | Crispy | A snack for kids',
  '天然弱碱 | 低钠 | 源自深层水源': 'Naturally alkaline | Low sodium | From a deep spring',
  '0 糖 0 脂 | 冷泡工艺 | 回甘清爽': 'Zero sugar, zero fat | Cold-brewed | Clean finish',
  '非浓缩还原 | 冷链配送 | 无添加': 'Not from concentrate | Cold-chain delivery | No additives',
  '现摘现发 | 果径 75-80mm | 酸甜多汁': 'Picked to order | 75–80mm fruit | Sweet and juicy',
  'JJ 级大果 | 冷链直达 | 坏果包赔': 'JJ-grade large cherries | Cold-chain direct | Damaged fruit refunded',
  '林下散养 | 蛋黄饱满 | 破损包赔': 'Woodland free-range | Rich yolks | Breakages refunded',
  '麦饭石涂层 | 少油烟 | 燃气电磁炉通用': 'Stone coating | Less smoke | Gas and induction',
  '德国钢材 | 锋利耐用 | 附防霉刀座': 'German steel | Sharp and durable | With knife block',
  '高硼硅玻璃 | 可微波可冷冻 | 密封锁鲜': 'Borosilicate glass | Microwave and freezer safe | Airtight',
  '60 支长绒棉 | 亲肤柔软 | 贡缎工艺': '60s long-staple cotton | Soft on skin | Sateen weave',
  '泰国天然乳胶 | 护颈曲线 | 透气防螨': 'Thai natural latex | Neck-support contour | Breathable, anti-mite',
  '澳洲羊毛 | 保暖透气 | 四季可拆': 'Australian wool | Warm and breathable | Detachable for all seasons',
  '大容量 | 带盖防尘 | 不用时可折叠': 'Large capacity | Dust-proof lid | Folds flat',
  '免安装 | 带静音滑轮 | 抽屉可拆洗': 'No assembly | Quiet castors | Washable drawers',
  '衣物被褥收纳 | 节省 80% 空间 | 送电泵': 'For clothes and bedding | Saves 80% space | Pump included',
  '深层补水 | 温和不刺激 | 敏感肌可用': 'Deep hydration | Gentle | For sensitive skin',
  '温和清洁 | 洗后不紧绷 | 细腻泡沫': 'Gentle cleansing | No tight feeling | Fine foam',
  '轻薄不油腻 | 防水防汗 | 妆前可用': 'Light, non-greasy | Water and sweat resistant | Works under make-up',
  '显白不拔干 | 持久显色 | 丝绒质地': 'Brightening, non-drying | Long-lasting colour | Velvet finish',
  '轻薄服帖 | 遮瑕控油 | 附替换装': 'Light and smooth | Covers and mattifies | With refill',
  '大地色系 | 细腻易晕染 | 哑光珠光搭配': 'Earth tones | Smooth, easy to blend | Matte and shimmer',
};

/** Spec values that read differently in English (sizes and codes such as "M" or "8GB+128GB" need none). */
export const SPEC_VALUE_EN: Record<string, string> = {
  '#01 正红': '#01 True Red', '#02 豆沙': '#02 Rose Beige', '#03 枫叶': '#03 Maple', '#04 奶茶': '#04 Milk Tea',
  '1.5kg 家庭装': '1.5kg family pack', '1.5m 床': '1.5m bed', '1.8m 床': '1.8m bed', '1L×1 瓶': '1L × 1 bottle', '1L×6 瓶': '1L × 6 bottles',
  '5kg 中果': '5kg medium', '5kg 大果': '5kg large', '750g 礼盒': '750g gift box', 'JJ 级 2kg': 'JJ grade 2kg', 'JJJ 级 2kg': 'JJJ grade 2kg',
  中号: 'Medium', 大号: 'Large', 乌龙茶: 'Oolong', 大麦茶: 'Barley tea', 茉莉花茶: 'Jasmine tea', 五香: 'Five-spice', 香辣: 'Spicy',
  原味: 'Original', 芝麻: 'Sesame', 杏仁: 'Almond', 标准款: 'Standard', 高低款: 'High and low', 透明灰盖: 'Clear, grey lid', 透明蓝盖: 'Clear, blue lid',
  军绿: 'Army Green', 冰川银: 'Glacier Silver', 卡其: 'Khaki', 奶油白: 'Cream White', 星河蓝: 'Galaxy Blue', 曜石黑: 'Obsidian Black',
  月光白: 'Moonlight White', 月白: 'Pale White', 杏色: 'Apricot', 棕色: 'Brown', 樱花粉: 'Sakura Pink', 活力橙: 'Vivid Orange',
  浅灰: 'Light Grey', 浅蓝: 'Light Blue', 深空灰: 'Space Grey', 深蓝: 'Navy', 灰蓝: 'Grey Blue', 燕麦色: 'Oatmeal', 玄武黑: 'Basalt Black',
  珍珠白: 'Pearl White', 白灰: 'White and Grey', 白色: 'White', 米白: 'Off-White', 粉色碎花: 'Pink Floral', 自然色: 'Natural',
  蓝色碎花: 'Blue Floral', 薄荷绿: 'Mint Green', 藏青: 'Navy Blue', 象牙白: 'Ivory', 银色: 'Silver', 雾粉: 'Misty Pink',
  雾霾蓝: 'Haze Blue', 黑红: 'Black and Red', 黑色: 'Black',
};

/** The English translations of a goods' spec values. */
export const specValuesEn = (values: readonly string[]): Record<string, string> =>
  Object.fromEntries(values.filter((v) => SPEC_VALUE_EN[v]).map((v) => [v, SPEC_VALUE_EN[v]]));
