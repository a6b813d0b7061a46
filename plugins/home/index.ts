/** The home plugin's browser code: the content store (banners, notices), from the first screen's data. */
import { defineClient } from '@kernel/client/plugin';
import { bootHome, homeStore } from './store';

export default defineClient({
  stores: { content: homeStore },
  boot: (kernel) => bootHome(kernel),
});
