/**
 * A goods tile of an agent's list, as the catalogue's cards look: picture, name and price,
 * opening the goods detail at `to`; `children` are the owner's controls under it (copy, remove),
 * outside the link.
 */
import type { ReactNode } from 'react';
import { Img, Link, Price } from '@kernel/client/ui';
import type { GoodsCard } from '@plugins/goods/contract';

export function AgentGoodsCard({ goods, to, children }: { goods: GoodsCard; to: string; children?: ReactNode }) {
  return (
    <article className="team-agent-card" aria-label={goods.name}>
      <Link to={to} className="team-agent-card__link">
        <Img src={goods.image} alt={goods.name} ratio={1} sizes="min(50vw, 225px)" className="team-agent-card__image" />
        <p className="team-agent-card__name sf-two-lines">{goods.name}</p>
        <div className="team-agent-card__price">
          <Price value={goods.price} />
        </div>
      </Link>
      {children && <div className="team-agent-card__actions">{children}</div>}
    </article>
  );
}
