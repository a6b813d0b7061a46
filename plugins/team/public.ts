/**
 * What other plugins' server code may use of the team plugin: who invited a shopper, and since
 * when. Import only this file, `contract.ts` or `plugin.ts` of team, and list `'team'` in `requires`.
 */
export { bindingOf, type Binding } from './bind';
