/** A titled menu slot of the member centre; a slot no enabled plugin fills is not drawn at all. */
import { useKernel, useSite } from '@kernel/client/hooks';
import type { MenuSlot } from '@kernel/client/plugin';
import { MenuSlotView } from '@kernel/client/ui';

export function SlotSection({ slot, title, columns }: { slot: MenuSlot; title: string; columns: number }) {
  const kernel = useKernel();
  useSite(); // the slot's entries change when the site switches plugins on or off
  if (kernel.menu.slot(slot).length === 0) return null;
  return (
    <section className="member-slot" aria-label={title}>
      <h3 className="member-slot__title">{title}</h3>
      <MenuSlotView slot={slot} columns={columns} />
    </section>
  );
}
