/**
 * The demo articles and notices, in Chinese and English. Goods are named as the goods seed names
 * them (plugins/goods/seed/catalogue.ts); a picture is `goods:<name>` (that goods' pictures, which
 * the goods seed writes under /uploads/seed/) or a home banner's file there.
 */

export interface SeedCategory {
  name: string;
  nameEn: string;
}

export interface SeedArticle {
  category: string;
  title: string;
  titleEn: string;
  summary: string;
  summaryEn: string;
  /** Paragraphs; `{picture}` stands where the body's picture goes. */
  body: string[];
  bodyEn: string[];
  /** `goods:<name>` (that goods' first picture as the cover, its second in the body) or a home banner's file. */
  picture: string;
  goods: string[];
  daysAgo: number;
  reads: number;
}

export interface SeedNotice {
  title: string;
  titleEn: string;
  body: string[];
  bodyEn: string[];
  daysAgo: number;
}

export const CATEGORIES: SeedCategory[] = [
  { name: '新品速递', nameEn: 'New arrivals' },
  { name: '生活方式', nameEn: 'Lifestyle' },
  { name: '购物指南', nameEn: 'Shopping guide' },
];

export const ARTICLES: SeedArticle[] = [
  {
    category: '新品速递',
    title: '极光 X5 上手体验：120Hz 高刷屏带来的流畅感',
    titleEn: 'Hands-on with the Aurora X5: what a 120Hz screen changes',
    summary: '从滑动列表到玩游戏，高刷新率屏幕让每一次触控都更跟手。我们用一周时间体验了这台新机。',
    summaryEn: 'From scrolling to gaming, a high refresh rate makes every touch feel quicker. We spent a week with the new phone.',
    body: [
      '极光 X5 最直观的变化来自屏幕：6.7 英寸、120Hz 刷新率，滑动朋友圈、翻阅商品列表时几乎看不到拖影。',
      '{picture}',
      '续航方面，5000mAh 电池在中度使用下可以轻松撑过一整天；晚上回家时电量通常还剩 30% 左右。',
      '5000 万像素主摄在白天光线充足时表现扎实，夜景模式也比上一代明显更干净。如果你正打算换机，不妨和声悦 Pods Pro 一起入手，通勤路上的体验会更完整。',
    ],
    bodyEn: [
      "The Aurora X5's biggest change is its screen: 6.7 inches at 120Hz, so feeds and product lists scroll with barely a smear.",
      '{picture}',
      'The 5000mAh battery easily lasts a full day of moderate use; we usually came home with about 30% left.',
      'The 50MP main camera is solid in daylight, and night mode is visibly cleaner than the last generation. If you are due a new phone, pair it with the Sonic Pods Pro for a better commute.',
    ],
    picture: 'goods:极光 X5 5G 智能手机',
    goods: ['极光 X5 5G 智能手机', '声悦 Pods Pro 主动降噪耳机'],
    daysAgo: 1,
    reads: 326,
  },
  {
    category: '新品速递',
    title: '折叠屏值不值得买？极光 Fold 一周体验',
    titleEn: 'Is a foldable worth it? A week with the Aurora Fold',
    summary: '展开是平板，合上是手机。我们把极光 Fold 当作主力机用了一周，聊聊它适合什么样的人。',
    summaryEn: "A tablet when open, a phone when closed. We used the Aurora Fold as our only phone for a week: here is who it suits.",
    body: [
      '第一次展开极光 Fold，7.8 英寸的内屏足够同时开两个应用：一边看商品详情，一边和客服聊天。',
      '{picture}',
      '水滴铰链让折痕几乎不可见，开合手感也很扎实。唯一需要适应的是重量，比普通手机重了约 60 克。',
      '如果你经常在手机上看文档、追剧，折叠屏会带来实实在在的效率提升；如果主要是聊天和拍照，极光 Pad 11 搭配一台轻薄手机也许更划算。',
    ],
    bodyEn: [
      'Unfolded, the 7.8-inch inner screen fits two apps side by side: product details on one half, a chat with customer service on the other.',
      '{picture}',
      'The teardrop hinge leaves the crease almost invisible and feels solid. The one thing to get used to is the weight: about 60 g more than a regular phone.',
      'If you read documents or watch shows on your phone a lot, a foldable is a real gain. If you mostly chat and take photos, an Aurora Pad 11 and a light phone may be the better buy.',
    ],
    picture: 'goods:极光 Fold 折叠屏手机',
    goods: ['极光 Fold 折叠屏手机', '极光 Pad 11 平板电脑'],
    daysAgo: 3,
    reads: 214,
  },
  {
    category: '生活方式',
    title: '一周健康早餐搭配，十分钟搞定',
    titleEn: 'A week of healthy breakfasts, ten minutes each',
    summary: '一把坚果、一杯橙汁、一个鸡蛋：简单的组合就能让早晨更有精神。附七天搭配清单。',
    summaryEn: 'A handful of nuts, a glass of orange juice and an egg: simple pairings for brighter mornings, with a seven-day plan.',
    body: [
      '早餐不必复杂。蛋白质、优质脂肪和一点水果，十分钟就能准备好。',
      '{picture}',
      '周一到周三：水煮蛋 + 全麦面包 + 一小包每日坚果；周四、周五：燕麦粥 + 鲜榨橙汁；周末可以多花点时间，煎个鸡蛋饼配上水果沙拉。',
      '小贴士：坚果每天一小把（约 25 克）就够了，橙汁选择非浓缩还原的 NFC 果汁，口感和营养都更好。',
    ],
    bodyEn: [
      'Breakfast need not be elaborate. Some protein, good fats and a little fruit take ten minutes.',
      '{picture}',
      'Monday to Wednesday: a boiled egg, wholemeal toast and a bag of daily nuts. Thursday and Friday: porridge and fresh orange juice. At the weekend, take your time with an egg pancake and a fruit salad.',
      'Tip: a small handful of nuts a day (about 25 g) is enough, and not-from-concentrate (NFC) juice tastes better and keeps more of the fruit.',
    ],
    picture: 'banner-2.jpg',
    goods: ['田园记 每日坚果礼盒', '清泉 NFC 鲜榨橙汁 1L', '田园记 散养土鸡蛋 30 枚'],
    daysAgo: 5,
    reads: 158,
  },
  {
    category: '生活方式',
    title: '冬季居家好物清单：温暖过冬的五件小事',
    titleEn: 'Staying in this winter: five small things for a warm home',
    summary: '换一床厚被、整理好换季衣物、做一锅热汤——让家在冬天也舒适整洁。',
    summaryEn: 'A thicker duvet, the summer clothes packed away, a pot of hot soup: small things that keep home cosy and tidy in winter.',
    body: [
      '天气转冷，先从床品开始：一床加厚羊毛被搭配全棉四件套，保暖又透气。',
      '{picture}',
      '换季的衣物和被褥可以用真空压缩袋收起来，能省下衣柜八成的空间。',
      '周末给自己做一锅热汤，一口好用的不粘炒锅会让下厨轻松很多。',
    ],
    bodyEn: [
      'As it gets colder, start with the bed: a thick wool duvet over cotton bedding keeps you warm and lets you breathe.',
      '{picture}',
      'Pack the summer clothes and spare bedding into vacuum bags: they free up to 80% of the wardrobe.',
      'Make yourself a pot of soup at the weekend; a good non-stick wok makes cooking much easier.',
    ],
    picture: 'banner-3.jpg',
    goods: ['暖居 冬季加厚羊毛被', '暖居 真空压缩袋 10 件套', '暖居 麦饭石不粘炒锅'],
    daysAgo: 8,
    reads: 97,
  },
  {
    category: '购物指南',
    title: '如何挑选一副适合自己的耳机',
    titleEn: 'How to choose the right headphones',
    summary: '入耳式、头戴式还是挂耳式？降噪、续航和佩戴舒适度，三个问题帮你做决定。',
    summaryEn: 'In-ear, over-ear or ear-hook? Three questions on noise cancelling, battery and comfort help you decide.',
    body: [
      '先想清楚在哪里用：通勤地铁上，主动降噪的入耳式耳机最合适；在家或办公室长时间听，头戴式更舒适；跑步健身则选挂耳式，稳固不易掉。',
      '{picture}',
      '再看续航：入耳式单次 6–8 小时、配合充电盒可达 30 小时；头戴式通常能用 40 小时以上。',
      '最后别忘了试戴感受。我们的商品都支持 7 天无理由退货，不合适可以放心退换。',
    ],
    bodyEn: [
      'First think about where you will listen. On the underground, in-ear buds with active noise cancelling suit best; for long hours at home or at work, over-ear is more comfortable; for running, an ear-hook design stays put.',
      '{picture}',
      'Then battery: in-ear buds last 6-8 hours, up to 30 with the case; over-ear headphones usually run 40 hours or more.',
      'Finally, comfort matters. Everything here can be returned within 7 days for any reason, so you can try without worry.',
    ],
    picture: 'goods:声悦 H1 头戴式蓝牙耳机',
    goods: ['声悦 Pods Pro 主动降噪耳机', '声悦 H1 头戴式蓝牙耳机', '声悦 S2 运动挂耳耳机'],
    daysAgo: 11,
    reads: 412,
  },
  {
    category: '购物指南',
    title: '新手下单指南：从加入购物车到收货',
    titleEn: 'Ordering for the first time: from cart to doorstep',
    summary: '选规格、用优惠券、选择收货地址、支付和查看物流，一篇讲清楚。',
    summaryEn: 'Choosing options, using coupons, picking an address, paying and tracking: all in one place.',
    body: [
      '在商品详情页选好颜色、尺码等规格后，点击“加入购物车”或“立即购买”。',
      '{picture}',
      '结算时可以选择收货地址和可用的优惠券，确认金额后完成支付。每日 16:00 前付款的订单当天发货。',
      '发货后在“我的订单”里可以查看物流进度；收到商品如有问题，可在 7 天内申请无理由退货。',
    ],
    bodyEn: [
      'On a product page, choose the colour, size or other options, then tap "Add to cart" or "Buy now".',
      '{picture}',
      'At checkout, pick your address and any coupon that applies, check the total and pay. Orders paid before 16:00 ship the same day.',
      'Once shipped, follow the parcel under "My orders". If anything is wrong when it arrives, you may return it within 7 days for any reason.',
    ],
    picture: 'banner-1.jpg',
    goods: [],
    daysAgo: 14,
    reads: 589,
  },
];

export const NOTICES: SeedNotice[] = [
  {
    title: '春节假期发货安排',
    titleEn: 'Shipping over the Spring Festival holiday',
    body: [
      '春节期间（除夕至正月初六）仓库暂停发货，假期前最后一天 16:00 前付款的订单将在当天发出。',
      '假期中的订单会在正月初七起按付款顺序依次发出，物流时效可能比平时延长 1–3 天，敬请谅解。',
    ],
    bodyEn: [
      "Our warehouse does not ship from New Year's Eve to the sixth day of the new year. Orders paid before 16:00 on the last working day still leave that day.",
      'Orders placed during the holiday ship from the seventh day in the order they were paid; delivery may take 1-3 days longer than usual.',
    ],
    daysAgo: 0,
  },
  {
    title: '新增余额支付方式',
    titleEn: 'You can now pay with your balance',
    body: ['即日起，结算时可直接使用账户余额支付，无需跳转第三方平台，付款更快捷。', '余额可在“我的—钱包”中查看明细；使用余额支付的订单退款将原路退回余额。'],
    bodyEn: [
      'From today you can pay at checkout straight from your account balance, without leaving the shop.',
      'See every movement under "Me - Wallet". Refunds of orders paid from the balance go back to it.',
    ],
    daysAgo: 2,
  },
  {
    title: '谨防冒充客服的诈骗电话',
    titleEn: 'Beware of calls pretending to be customer service',
    body: [
      '近期有不法分子冒充电商客服，以“订单异常”“退款理赔”为由诱导转账。',
      '本商城客服不会索要银行卡密码或短信验证码，也不会要求您向个人账户转账。如有疑问，请通过“我的—在线客服”核实。',
    ],
    bodyEn: [
      'Fraudsters have lately been posing as shop staff, citing "order problems" or "refund claims" to get people to transfer money.',
      'Our staff never ask for your card password or a text-message code, nor for a transfer to a personal account. In doubt, check with us under "Me - Customer service".',
    ],
    daysAgo: 4,
  },
  {
    title: '每月 18 日会员日：优惠券限量领取',
    titleEn: 'Member day on the 18th: limited coupons',
    body: ['每月 18 日为会员日，当天可在领券中心领取满 199 减 20 的全场通用券，每人限领一张，先到先得。', '会员日当天签到还可获得双倍积分。'],
    bodyEn: [
      'The 18th of every month is member day: collect a ¥20 off ¥199 coupon for the whole shop in the coupon centre, one per member, while they last.',
      'Signing in on member day earns double points.',
    ],
    daysAgo: 6,
  },
  {
    title: '隐私政策更新说明',
    titleEn: 'Our privacy policy has been updated',
    body: ['我们更新了隐私政策，进一步说明了收货地址和联系方式的使用范围，仅用于订单配送和售后服务。', '您可以随时在“我的—设置”中查看完整政策。'],
    bodyEn: [
      'We have updated our privacy policy to explain more clearly how addresses and contact details are used: only for delivery and after-sales service.',
      'Read the full policy any time under "Me - Settings".',
    ],
    daysAgo: 9,
  },
];
