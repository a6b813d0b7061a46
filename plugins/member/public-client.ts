/**
 * What other plugins may use of the member plugin in the browser (the security plugin's pages):
 * the fresh profile, how a reply with user info updates the session, and the masks for bound
 * e-mails and mobiles.
 *
 *   const profile = useProfile();                         // loading / error / ready, session kept fresh
 *   const user = await kernel.http.data(call, payload);   // a call answering UserInfo
 *   kernel.session.update(profileUpdate(user));           // never overwrites tokens or the cart
 *   <Cell value={user.email ? maskEmail(user.email) : t('unbound')} />
 */
export { useProfile } from './use-profile';
export { profileUpdate } from './profile';
export { PROFILE_PATH } from './paths';
export { ProfileGate } from './components/ProfileGate';
