/** The auth plugin's browser code: how the kernel logs out. */
import { defineClient } from '@kernel/client/plugin';
import { LogoutCall } from '@kernel/client/tokens';

export default defineClient({
  setup(kernel) {
    // A loader: the contract (and zod) stays out of the first screen until someone logs out.
    kernel.container.register(LogoutCall, { useValue: () => import('./contract').then((m) => m.authContract.logout) });
  },
});
