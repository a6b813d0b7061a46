/** Options many commands share, worded once. */
import { Option } from 'commander';

export const siteOption = (what = 'site config under config/sites/') =>
  new Option('--site <name>', `${what} (default: $STOREFRONT_SITE or default)`);

export const dataDirOption = (what = 'where the database lives') =>
  new Option('--data-dir <dir>', `${what} (default: $STOREFRONT_DATA_DIR or data/)`);

export const databaseUrlOption = (what = 'the database') =>
  new Option('--database-url <url>', `${what}: postgres://… or sqlite:<file> (default: $DATABASE_URL, else <data-dir>/<site>.sqlite)`);

export const uploadsDirOption = () =>
  new Option('--uploads-dir <dir>', 'where uploads are kept; several nodes share one (default: $UPLOADS_DIR, else <data-dir>/uploads)');

export const jsonOption = (what = 'the result') => new Option('--json', `print ${what} as JSON`);
