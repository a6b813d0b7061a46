/** The address plugin: the shopper's delivery addresses, with the area picker. */
import { describePlugin } from '@kernel/core/descriptor';
import * as z from 'zod/mini';
import { ADDRESS_FORM_PATH, ADDRESS_LIST_PATH } from './paths';

export default describePlugin({
  id: 'address',
  version: '1.0.0',
  commands: true,
  requires: ['auth', 'goods'],
  routes: [
    { path: ADDRESS_LIST_PATH, page: 'address', navBar: 'default', title: 'address:title.list', auth: true },
    { path: ADDRESS_FORM_PATH, page: 'address-form', navBar: 'custom', title: 'address:title.new', auth: true },
  ],
  menu: [{ slot: 'member.services', id: 'address', label: 'address:menu', icon: 'location', to: ADDRESS_LIST_PATH, order: 50, auth: true }],
  // A site may change this under `plugins.address.settings` in its config file.
  settings: z.object({ maxAddresses: z._default(z.number().check(z.int(), z.positive()), 20) }),
});
