/**
 * Loads the fresh profile and renders `children` with the session's user once it is here:
 * a skeleton while loading, a retry when the call failed, and the server's word when it refused
 * (no retry can change that). Mutations that update the session show at once.
 */
import type { ReactNode } from 'react';
import { useSession } from '@kernel/client/hooks';
import { Empty, ErrorState, Skeleton } from '@kernel/client/ui';
import type { UserInfo } from '@kernel/core/user';
import { useProfile } from '../use-profile';

export function ProfileGate({ children }: { children: (user: UserInfo) => ReactNode }) {
  const profile = useProfile();
  const { user } = useSession();
  if (profile.status === 'error' && profile.data === undefined) {
    return profile.error?.reason === 'business' ? (
      <Empty icon="user" text={profile.error.msg} />
    ) : (
      <ErrorState message={profile.error?.msg} onRetry={() => void profile.reload()} />
    );
  }
  if (!profile.synced || !user) return <Skeleton rows={5} avatar />;
  return <>{children(user as UserInfo)}</>;
}
