/**
 * What the first screen shows of plugins other than the home page's: the tab bar and the home
 * page's menu slots. Their labels come with index.html (`Bootstrap.labels`), so a plugin with an
 * entry there costs the home route no download of its strings.
 */
export const isFirstScreenSlot = (slot: string): boolean => slot === 'tabbar' || slot.startsWith('home.');

/** Menu labels by language, keyed `namespace:key` as descriptors name them. */
export type FirstScreenLabels = Partial<Record<'zh-Hans' | 'en', Record<string, string>>>;

/**
 * The element the server writes over the app for a cold load of `/` (the home route's first
 * screen as static HTML, so its largest paint needs no script); the shell removes it once the
 * first page has mounted beneath it.
 */
export const FIRST_PAINT_ID = 'sf-first-paint';
