/**
 * A shopper's place in the invite tree (the kernel's: kernel/server/invite-tree.ts): whether
 * binding one shopper under another would close a cycle (the other is the shopper, or invited,
 * at any depth, by them).
 */
import { invitersOf } from '@kernel/server/invite-tree';
import type { Db, Tx } from '@kernel/server/plugin';

/** Binding `userId` under `parentId` would make a cycle: the parent is the user, or has them above. */
export async function wouldCycle(q: Db | Tx, userId: number, parentId: number): Promise<boolean> {
  return parentId === userId || (await invitersOf(q, parentId)).includes(userId);
}
