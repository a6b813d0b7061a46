/** The project root, from this file's location: the CLI works from any working directory. */
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
