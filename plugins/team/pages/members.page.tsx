/**
 * My team (`/team/teamPeaple/teamPeaple?level=2&keyword=`): tabs for the shoppers the shopper
 * invited (direct) and those they invited (indirect), each with its count, a search by nickname,
 * username or mobile, and the members newest first, paged. The level and the keyword are in the
 * URL, so "back" lands on them. An empty team points to the invite page.
 */
import { useCall, useNav, usePaged, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { Button, Empty, List, Page, SearchBar } from '@kernel/client/ui';
import { SearchResult } from '@kernel/client/ui/SearchResult';
import { Tabs } from '@kernel/client/ui/Tabs';
import { MemberCard } from '../components/MemberCard';
import { teamContract, type TeamMember } from '../contract';
import { INVITE_PATH, MEMBERS_PATH } from '../paths';
import './members.css';

type Level = 1 | 2;
const LEVELS = { 1: 'direct', 2: 'indirect' } as const satisfies Record<Level, string>;

/** The page's location for a level and a keyword (none: the first level, no search). */
const where = (level: Level, keyword: string) => ({ ...(level === 2 ? { level: '2' } : {}), ...(keyword ? { keyword } : {}) });

export default function MembersPage({ query }: PageProps) {
  const { t } = useT('team');
  const nav = useNav();
  const level: Level = query.level === '2' ? 2 : 1;
  const keyword = (query.keyword ?? '').trim();
  // The counts of both levels come with the invite info, whatever is searched.
  const counts = useCall(teamContract.invite, {});
  const state = usePaged<typeof teamContract.members, TeamMember>(teamContract.members, keyword ? { level, keyword } : { level }, { limit: 20 });

  const tab = (key: Level) => {
    const label = t(`members.tab.${LEVELS[key]}`);
    const count = counts.data?.[LEVELS[key]];
    return { key, label: count === undefined ? label : t('members.tab.counted', { label, count }) };
  };
  const empty = keyword ? (
    <Empty icon="search" text={t('members.no_match', { keyword })} />
  ) : (
    <Empty
      icon="team"
      text={t(`members.empty.${LEVELS[level]}`)}
      action={
        <Button size="small" variant="primary" round onClick={() => nav.to(INVITE_PATH)}>
          {t('members.invite')}
        </Button>
      }
    />
  );
  return (
    <Page className="team-members-page">
      <Tabs items={[tab(1), tab(2)]} value={level} onChange={(next) => next !== level && nav.replace(MEMBERS_PATH, where(next, keyword))} sticky />
      <SearchBar
        className="team-members-search"
        placeholder={t('members.search')}
        value={keyword}
        maxLength={30}
        onSearch={(next) => next !== keyword && nav.replace(MEMBERS_PATH, where(level, next))}
      />
      {keyword && state.status === 'ready' && (
        <SearchResult clearText={t('members.clear')} onClear={() => nav.replace(MEMBERS_PATH, where(level, ''))}>
          {t('members.found', { keyword, count: state.total })}
        </SearchResult>
      )}
      <List state={state} className="sf-list--card" itemKey={(member) => member.id} renderItem={(member) => <MemberCard member={member} />} empty={empty} />
    </Page>
  );
}
