/**
 * Renders a menu slot from the registry (entries of enabled plugins only, ordered), as a grid or
 * as cells, optionally as a titled section. A slot no enabled plugin fills draws nothing at all,
 * title included. Entries flagged `auth` send anonymous visitors to the login page first; badges
 * are read live from their plugin's valtio store.
 */
import { useEffect, type MouseEvent } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from 'react-i18next';
import { useKernel, useNamespaces, useSession, useSite } from '../hooks';
import { currentLanguage } from '../i18n';
import { hasString, namespacesOf } from '../i18n-namespaces';
import { shownTo } from '../registries';
import type { MenuEntry, MenuSlot } from '../plugin';
import type { UserInfo } from '../../core/user';
import { Cell, CellGroup } from './Cell';
import { Grid } from './Grid';
import { useMenuBadges } from './menu-badges';

export interface MenuSlotViewProps {
  slot: MenuSlot;
  /** `grid` (default) or `cells`. */
  as?: 'grid' | 'cells';
  columns?: number;
  /** Already translated. With a title the slot is a card with a heading (a named region). */
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

export interface MenuItem {
  /** `plugin.id`, unique in the slot. */
  key: string;
  label: string;
  icon: string;
  to: string;
  onClick: (event: MouseEvent<HTMLElement>) => void;
  badge: number | string | null;
}

/**
 * A slot's entries as items for a Grid, cells or the TabBar: translated labels, live badges and
 * auth-aware clicks; entries with a `visible` rule only for the users it allows. Re-renders when
 * the site switches plugins on or off, or the user changes.
 */
export function useMenuItems(slot: MenuSlot): MenuItem[] {
  const kernel = useKernel();
  useSite();
  // Re-renders when a plugin's code arrives: its entries get their badges.
  useSnapshot(kernel.plugins.state);
  const { user, loggedIn } = useSession();
  const entries = kernel.menu.slot(slot).filter((entry) => shownTo(entry, user as UserInfo | null));
  // A badge needs its plugin's code: load it, but not for an entry the visitor cannot use yet.
  const wanted = [...new Set(entries.filter((e) => e.badged && !e.badge && (loggedIn || !e.auth)).map((e) => e.plugin))].join(',');
  useEffect(() => {
    for (const id of wanted ? wanted.split(',') : []) kernel.plugins.load(id).catch((error: unknown) => console.error(`storefront: plugin \`${id}\` failed to load`, error));
  }, [wanted, kernel]);
  const badges = useMenuBadges(entries);
  const onClick = useEntryClick();
  const { t } = useTranslation();
  // Labels that came with index.html are here already: only the others wait for their strings.
  const language = currentLanguage(kernel.i18n);
  useNamespaces(namespacesOf(entries.filter((entry) => !hasString(kernel.i18n, entry.label, language)).map((entry) => entry.label)));
  return entries.map((entry, i) => ({
    key: `${entry.plugin}.${entry.id}`,
    label: t(entry.label),
    icon: entry.icon,
    to: entry.to,
    onClick: onClick(entry),
    badge: badges[i] ?? null,
  }));
}

export function MenuSlotView({ slot, as = 'grid', columns, title, className }: MenuSlotViewProps) {
  const items = useMenuItems(slot);
  if (items.length === 0) return null;
  if (as === 'grid' && title === undefined) return <Grid items={items} columns={columns} className={className} />;
  return (
    <CellGroup title={title} className={className}>
      {as === 'grid' ? (
        <Grid items={items} columns={columns} />
      ) : (
        items.map(({ key, icon, label, to, onClick, badge }) => (
          <Cell key={key} icon={icon} label={label} to={to} onClick={onClick} badge={badge ?? undefined} />
        ))
      )}
    </CellGroup>
  );
}
