// How the `storefront` processes load the project's sources: TypeScript through tsx with this
// project's tsconfig (path aliases). They read plugins' descriptors and server sides only, never
// browser code, so nothing here needs to understand stylesheets or React.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
