/**
 * A demo team under the demo shopper (`demo`, made by the auth plugin's seed): three friends they
 * invited, and one friend of a friend, so both levels of the team page have someone in them.
 */
import type { SeedContext } from '@kernel/server/plugin';

const FRIENDS = [
  { username: 'friend1', nickname: '小林', mobile: '13900139001' },
  { username: 'friend2', nickname: '阿美', mobile: '13900139002' },
  { username: 'friend3', nickname: '老周', mobile: '13900139003' },
] as const;
const FRIEND_OF_FRIEND = { username: 'friend4', nickname: '小唐', mobile: '13900139004' } as const;
const PASSWORD = 'friend123456';

export async function seedTeam({ db, services }: SeedContext): Promise<void> {
  const demo = await services.users.find(db, { username: 'demo' });
  if (!demo) return;
  await db.transaction().execute(async (tx) => {
    const ids: number[] = [];
    for (const friend of FRIENDS) ids.push(await services.users.create({ ...friend, password: PASSWORD, parentId: demo.id, ip: '127.0.0.1' }, tx));
    await services.users.create({ ...FRIEND_OF_FRIEND, password: PASSWORD, parentId: ids[0], ip: '127.0.0.1' }, tx);
  });
}
