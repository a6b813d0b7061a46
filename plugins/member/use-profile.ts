/**
 * The shopper's fresh profile (GET /api/account/profile) for pages that show or edit it; the
 * stored session takes the fresh fields, so a page renders from the session once `synced`
 * (then its own edits, which update the session, show at once). Waits (no call) while nobody is
 * logged in.
 */
import { useEffect, useState } from 'react';
import { useCall, useKernel, useSession, type CallState } from '@kernel/client/hooks';
import type { UserInfo } from '@kernel/core/user';
import { memberContract } from './contract';
import { profileUpdate } from './profile';

export interface ProfileState extends CallState<UserInfo> {
  /** The session has taken a reply since the page opened: forms may start from it. */
  synced: boolean;
}

export function useProfile(): ProfileState {
  const kernel = useKernel();
  const session = useSession();
  const userId = session.loggedIn ? session.user?.id : undefined;
  const state = useCall(memberContract.profile, userId ? {} : null, [userId]);
  const [synced, setSynced] = useState(false);

  useEffect(() => {
    // A reply for someone who has since logged out (or switched accounts) must not land in the session.
    if (!state.data || state.data.id !== kernel.session.state.user?.id) return;
    kernel.session.update(profileUpdate(state.data));
    setSynced(true);
  }, [state.data, kernel]);

  return { ...state, synced };
}
