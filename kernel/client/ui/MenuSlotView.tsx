/**
 * Renders a menu slot from the registry (entries of enabled plugins only, ordered), as a grid or
 * as cells. Entries flagged `auth` send anonymous visitors to the login page first; badges are
 * read live from their plugin's valtio store.
 */
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useKernel, useSession, useSite } from '../hooks';
import type { MenuEntry, MenuSlot } from '../plugin';
import { Cell, CellGroup } from './Cell';
import { Grid } from './Grid';
import { useMenuBadges } from './menu-badges';

export interface MenuSlotViewProps {
  slot: MenuSlot;
  /** `grid` (default) or `cells`. */
  as?: 'grid' | 'cells';
  columns?: number;
  /** Title of the cell group — already translated. */
  title?: string;
  className?: string;
}

/** The click handler that honours an entry's `auth` flag. */
export function useEntryClick(): (entry: MenuEntry) => (event: MouseEvent<HTMLElement>) => void {
  const kernel = useKernel();
  const session = useSession();
  return (entry) => (event) => {
    if (entry.auth && !session.loggedIn) {
      event.preventDefault();
      kernel.nav.login(entry.to);
    }
  };
}

export function MenuSlotView({ slot, as = 'grid', columns, title, className }: MenuSlotViewProps) {
  const kernel = useKernel();
  useSite(); // re-render when the enabled list changes
  const entries = kernel.menu.slot(slot);
  const badges = useMenuBadges(entries);
  const onClick = useEntryClick();
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  if (as === 'cells') {
    return (
      <CellGroup title={title} className={className}>
        {entries.map((entry, i) => (
          <Cell
            key={`${entry.plugin}.${entry.id}`}
            icon={entry.icon}
            label={t(entry.label)}
            to={entry.to}
            onClick={onClick(entry)}
            badge={badges[i] ?? undefined}
          />
        ))}
      </CellGroup>
    );
  }
  const items = entries.map((entry, i) => ({
    key: `${entry.plugin}.${entry.id}`,
    label: t(entry.label),
    icon: entry.icon,
    to: entry.to,
    onClick: onClick(entry),
    badge: badges[i],
  }));
  return <Grid items={items} columns={columns} className={className} />;
}
