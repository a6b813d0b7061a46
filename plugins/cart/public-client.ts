/**
 * What other plugins may use of the cart plugin in the browser: its services. The order plugin
 * reloads the cart after an order made from it: `(await kernel.plugins.service(cartReload))()`.
 */
export { cartReload } from './points';
