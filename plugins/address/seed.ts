/** Demo data: the demo shopper has a default delivery address (广东省深圳市南山区), so a first visitor can check out at once. */
import type { SeedContext } from '@kernel/server/plugin';
import { DEMO_SHOPPER } from '@plugins/auth/public';
import { saveAddress } from './service';

export async function seedAddresses({ db, services }: SeedContext): Promise<void> {
  const shopper = await services.users.find(db, { username: DEMO_SHOPPER.username });
  if (!shopper) return;
  const input = { name: '演示用户', mobile: '13800138000', province_code: '44', city_code: '4403', district_code: '440305', detail: '科技园路1号 优选大厦8楼', is_default: 1 as const };
  // The shopper's first address: a limit of one is all the seed needs.
  await saveAddress(db, { userId: shopper.id, input, max: 1, now: services.clock.now() });
}
