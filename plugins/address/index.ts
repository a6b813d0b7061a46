/** The address plugin's browser code: its stores, forgotten on logout. */
import { defineClient } from '@kernel/client/plugin';
import { addressStore, areaStore, forgetOnLogout } from './store';

export default defineClient({
  stores: { addresses: addressStore, areas: areaStore },
  setup: (kernel) => forgetOnLogout(kernel),
});
