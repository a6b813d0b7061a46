// The API child process of `storefront dev` (see api-process.ts), loading sources as bin.js does:
// a fresh process per restart loads the changed code.
import '../register.js';

await import('./api-process.ts');
