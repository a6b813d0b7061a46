/**
 * The `local` pretend platform's "authorisation" (`/pages/login/local-platform?state=…&callback=…`):
 * the shopper types who they are on it and authorises; the platform grants a code and sends them
 * back to the shop's bind page with it, as a real platform's OAuth would. Cancel goes back to login.
 */
import { useForm } from '@kernel/client/form';
import { useKernel, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { LOGIN_PATH } from '@kernel/client/registries';
import { Button, ErrorState, Icon, Link, Page } from '@kernel/client/ui';
import { Field } from '@kernel/client/ui/Field';
import { splitPath } from '@kernel/client/url';
import { SubmitButton } from '../components/SubmitButton';
import { authContract } from '../contract';
import { attemptForm } from './use-auth-flow';
import './auth.css';

export default function LocalPlatformPage({ query }: PageProps) {
  const kernel = useKernel();
  const { t } = useT('auth');
  const form = useForm({ name: '' });
  const callback = query.callback ?? '';
  const valid = Boolean(query.state) && callback.startsWith('/') && !callback.startsWith('//');
  const back = splitPath(callback).query.returnTo;
  const toLogin = () => kernel.nav.replace(LOGIN_PATH, back ? { returnTo: back } : undefined);

  const submit = form.handleSubmit({
    validate: ({ name }) => (name.trim() ? null : { field: 'name', key: 'auth:message.local_name_required' }),
    send: async ({ name }) => {
      const granted = await attemptForm(form, kernel.http.data(authContract.localAuthorize, { name: name.trim() }, { toastError: false }));
      if (!granted) return;
      const { path, query: returnQuery } = splitPath(callback);
      // Replaced, so "back" from the shop's page does not land on the platform again.
      kernel.nav.replace(path, { ...returnQuery, uuid: granted.data.code, state: query.state ?? '' });
    },
  });

  if (!valid) {
    return (
      <Page surface>
        <div className="auth-page">
          <ErrorState message={t('local.invalid')} />
          <Link to={LOGIN_PATH} className="auth-third__back">
            {t('third.back_to_login')}
          </Link>
        </div>
      </Page>
    );
  }
  return (
    <Page surface>
      <form className="auth-page auth-form" onSubmit={submit} noValidate>
        <div className="auth-platform">
          <Icon name="key" size={40} />
          <h2 className="auth-brand__name">{t('title.local_platform')}</h2>
          <p className="auth-note">{t('local.intro')}</p>
        </div>
        <Field label={t('local.name')} placeholder={t('local.name_placeholder')} maxLength={30} {...form.field('name')} />
        <SubmitButton busy={form.busy}>{t('local.authorize')}</SubmitButton>
        <Button type="button" variant="default" size="large" block round className="auth-submit auth-cancel" onClick={toLogin}>
          {t('local.cancel')}
        </Button>
      </form>
    </Page>
  );
}
