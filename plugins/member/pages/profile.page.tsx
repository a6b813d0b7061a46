/**
 * The profile (`/user/profile/profile`, default navigation bar, login required): avatar and
 * username (read-only), then nickname, gender, birthday (not after today) and motto to edit, every
 * problem at once beside its field, the server's refusals too; below, the account's
 * e-mail, mobile and password — each a link only when a plugin provides its page.
 */
import { showRefusal, useForm } from '@kernel/client/form';
import { useKernel, useT } from '@kernel/client/hooks';
import { Cell, CellGroup, Page, toast } from '@kernel/client/ui';
import { Field } from '@kernel/client/ui/Field';
import { SubmitBar } from '@kernel/client/ui/SubmitBar';
import { Avatar } from '@kernel/client/ui/Avatar';
import { dateOnly } from '@kernel/core/time';
import type { UserInfo } from '@kernel/core/user';
import { BirthdayField } from '../components/BirthdayField';
import { GenderField } from '../components/GenderField';
import { ProfileGate } from '../components/ProfileGate';
import { memberContract } from '../contract';
import { maskEmail, maskMobile } from '@kernel/core/mask';
import { AVATAR_PATH } from '../paths';
import { profileUpdate } from '../profile';
import { profileProblems } from '../profile-form';
import { MOTTO_MAX, NICKNAME_MAX } from '../profile-rules';
import './profile.css';

/** Pages of the security plugin (spec §2), linked when that plugin is on. */
const BIND_EMAIL_PATH = '/user/bindEmail/bindEmail';
const BIND_MOBILE_PATH = '/user/bindMobile/bindMobile';
const CHANGE_PASSWORD_PATH = '/user/changePassword/changePassword';

export default function ProfilePage() {
  return (
    <Page>
      <ProfileGate>{(user) => <ProfileForm user={user} />}</ProfileGate>
    </Page>
  );
}

function ProfileForm({ user }: { user: UserInfo }) {
  const kernel = useKernel();
  const { t } = useT('member');
  // The shopper's today: the last birthday there can be (the server checks against its own).
  const today = dateOnly(Date.now());
  const form = useForm({ nickname: user.nickname, gender: String(user.gender), birthday: user.birthday, motto: user.motto });
  const linked = (path: string) => kernel.routes.find(path) !== undefined;
  // maxLength counts UTF-16 units, an emoji two: room for the rule's 32 / 100 characters, which the check enforces.

  const submit = form.handleSubmit({
    validate: (values) => profileProblems(values, today),
    send: async (values) => {
      try {
        const fresh = await kernel.http.data(memberContract.updateProfile, {
          nickname: values.nickname.trim(),
          gender: Number(values.gender) as 0 | 1 | 2,
          birthday: values.birthday,
          motto: values.motto.trim(),
        }, { toastError: false });
        kernel.session.update(profileUpdate(fresh));
      } catch (failure) {
        // Beside its fields, or a toast; the form stays as typed, to correct.
        showRefusal(form, failure);
        return;
      }
      toast(t('profile.saved'), { icon: 'success' });
      kernel.nav.back();
    },
  });

  return (
    <form className="member-profile" onSubmit={submit} noValidate>
      <CellGroup>
        <Cell
          label={t('profile.avatar')}
          to={linked(AVATAR_PATH) ? AVATAR_PATH : undefined}
          value={<Avatar src={user.avatar} alt={t('profile.avatar')} size={40} lazy={false} />}
        />
        <Cell label={t('profile.username')} value={user.username} />
      </CellGroup>
      <CellGroup>
        <Field label={t('profile.nickname')} placeholder={t('profile.nickname_placeholder')} maxLength={NICKNAME_MAX * 2} autoComplete="nickname" {...form.field('nickname')} />
        <GenderField value={form.values.gender} onChange={(value) => form.set('gender', value)} />
        <BirthdayField today={today} {...form.field('birthday')} />
        <Field label={t('profile.motto')} placeholder={t('profile.motto_placeholder')} maxLength={MOTTO_MAX * 2} {...form.field('motto')} />
      </CellGroup>
      <SubmitBar busy={form.busy}>{t('profile.save')}</SubmitBar>
      {(linked(BIND_EMAIL_PATH) || linked(BIND_MOBILE_PATH) || linked(CHANGE_PASSWORD_PATH)) && (
        <CellGroup title={t('profile.account')}>
          {linked(BIND_EMAIL_PATH) && (
            <Cell label={t('profile.email')} to={BIND_EMAIL_PATH} value={user.email ? maskEmail(user.email) : t('profile.unbound')} />
          )}
          {linked(BIND_MOBILE_PATH) && (
            <Cell label={t('profile.mobile')} to={BIND_MOBILE_PATH} value={user.mobile ? maskMobile(user.mobile) : t('profile.unbound')} />
          )}
          {linked(CHANGE_PASSWORD_PATH) && <Cell label={t('profile.password')} to={CHANGE_PASSWORD_PATH} />}
        </CellGroup>
      )}
    </form>
  );
}
