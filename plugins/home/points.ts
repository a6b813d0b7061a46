/**
 * The home plugin's extension points, as values: the id is written here once. Only the kernel's
 * `extension` and types are imported, so descriptors (loaded eagerly in the browser) may import it.
 */
import { createExtensionPoint } from '@kernel/core/extension';
import type { HomeNoticeBar } from './notice-bar';
import type { HomeSection } from './sections';

/** Blocks under the home page's grid. */
export const homeSections = createExtensionPoint<HomeSection>('home.sections');
/** The notice bar under the banners: the first contribution replaces the home plugin's own notices. */
export const homeNoticeBar = createExtensionPoint<HomeNoticeBar>('home.noticeBar');
