/**
 * The kernel's en strings as the browser gets them: ../../core/i18n/en.json. What only the
 * server words (its refusals, which arrive translated: ../../core/i18n/server/) is not shipped.
 */
export { default } from '../../core/i18n/en.json';
