/** The tab bar under tab pages: the `tabbar` menu slot, the current route highlighted, live badges. */
import { routeKey } from '../registries';
import { useMenuItems } from '../ui/MenuSlotView';
import { TabBar } from '../ui/TabBar';

export function TabBarHost({ path }: { path: string }) {
  const items = useMenuItems('tabbar');
  const here = routeKey(path);
  const active = items.find((item) => routeKey(item.to) === here);
  if (items.length === 0) return null;
  return (
    <>
      <div className="sf-tabbar-space" />
      <TabBar items={items} active={active?.key} />
    </>
  );
}
