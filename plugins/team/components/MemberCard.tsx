/** One member of the shopper's team: picture, name, masked mobile, when they joined, their paid orders and the commission they brought. */
import { useT } from '@kernel/client/hooks';
import { Avatar } from '@kernel/client/ui/Avatar';
import { dateTime } from '@kernel/core/time';
import type { TeamMember } from '../contract';

export function MemberCard({ member }: { member: TeamMember }) {
  const { t } = useT('team');
  return (
    <article className="team-member" aria-label={member.nickname}>
      <Avatar src={member.avatar} size={44} className="team-member__avatar" />
      <div className="team-member__main">
        <p className="team-member__name">{member.nickname}</p>
        {member.mobile && <p className="team-member__mobile">{member.mobile}</p>}
        <time className="team-member__joined" dateTime={new Date(member.joined_at * 1000).toISOString()}>
          {t('members.joined', { time: dateTime(member.joined_at) })}
        </time>
      </div>
      <p className="team-member__orders">
        <strong>{member.orders}</strong>
        <span>{t('members.orders')}</span>
      </p>
      <p className="team-member__orders">
        <strong>¥{member.commission}</strong>
        <span>{t('members.commission')}</span>
      </p>
    </article>
  );
}
