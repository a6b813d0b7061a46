/** What other plugins may use of the home plugin in the browser: the `home.sections` extension point of the home page. */
export { homeSections, type HomeSection } from './sections';
