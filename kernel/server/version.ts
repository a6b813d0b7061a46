/** The kernel's version is the package's: recorded beside the kernel's migrations. */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
export const KERNEL_VERSION: string = (require('../../package.json') as { version: string }).version;
