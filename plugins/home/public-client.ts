/** What other plugins may use of the home plugin in the browser: the home page's extension points. */
export { homeSections, type HomeSection } from './sections';
export { homeNoticeBar, type HomeNoticeBar } from './notice-bar';
