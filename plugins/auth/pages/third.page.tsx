/**
 * Where a third-party platform sends the shopper back (`/pages/login/third?type=…&uuid=…&state=…`):
 * "verifying…" while the server asks the platform; a bound identity is logged in and goes back to
 * `returnTo`; an unbound one sees who they are on the platform and binds a mobile (SMS code), then
 * is logged in. A platform that fails, or a link this browser did not start, leads back to login.
 * Platforms that put their code and state before the hash (`?code=…&state=…#/pages/login/third…`,
 * as WeChat's OAuth does) are read there too.
 */
import { useEffect, useState } from 'react';
import { useCall, useKernel, useT } from '@kernel/client/hooks';
import type { PageProps } from '@kernel/client/plugin';
import { LOGIN_PATH } from '@kernel/client/registries';
import { BrowserToken } from '@kernel/client/tokens';
import { ErrorState, Link, Page, Spinner } from '@kernel/client/ui';
import { Avatar } from '@kernel/client/ui/Avatar';
import type { UserInfo } from '@kernel/core/user';
import { BindMobileForm } from '../components/BindMobileForm';
import { authContract } from '../contract';
import { forgetThirdState, isKeptThirdState } from './third-state';
import { useFinishLogin } from './use-auth-flow';
import './auth.css';

export default function ThirdPage({ query }: PageProps) {
  const kernel = useKernel();
  const { t } = useT('auth');
  const [link] = useState(() => {
    const before = new URL(kernel.container.resolve(BrowserToken).pageUrl()).searchParams;
    const uuid = query.uuid || query.code || before.get('code') || '';
    const state = query.state || before.get('state') || '';
    const type = query.type ?? '';
    return { uuid, type, valid: Boolean(uuid && type && isKeptThirdState(kernel.storage, state)) };
  });
  const reply = useCall(authContract.thirdLogin, link.valid ? { uuid: link.uuid, type: link.type } : null);
  const finishLogin = useFinishLogin(query.returnTo);
  const finishBinding = useFinishLogin(query.returnTo, 'third.success');
  /** Logged in: by an identity bound before (`justBound` false), or by the binding just made. */
  const done = (user: UserInfo, justBound: boolean) => {
    forgetThirdState(kernel.storage);
    (justBound ? finishBinding : finishLogin)(user);
  };

  const answer = reply.data;
  useEffect(() => {
    if (answer?.bound) done(answer.userinfo, false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer: `done` is a new function each render
  }, [answer]);

  const back = (
    <Link to={LOGIN_PATH} query={query.returnTo ? { returnTo: query.returnTo } : undefined} className="auth-third__back">
      {t('third.back_to_login')}
    </Link>
  );

  let body;
  if (!link.valid) {
    body = (
      <>
        <ErrorState message={t('third.expired')} />
        {back}
      </>
    );
  } else if (reply.status === 'error') {
    body = (
      <>
        <ErrorState message={reply.error?.msg} onRetry={reply.error?.reason === 'network' ? () => void reply.reload() : undefined} />
        {back}
      </>
    );
  } else if (!answer || answer.bound) {
    body = (
      <div className="auth-third__checking" role="status">
        <Spinner size={28} />
        <p>{t('third.checking')}</p>
      </div>
    );
  } else {
    body = (
      <>
        <div className="auth-third__who">
          <Avatar src={answer.avatar} size={64} lazy={false} />
          <p className="auth-third__greeting">
            {answer.nickname ? t('third.greeting', { platform: answer.platform, nickname: answer.nickname }) : t('third.greeting_anonymous', { platform: answer.platform })}
          </p>
          <p className="auth-note">{t('third.bind_note')}</p>
        </div>
        <BindMobileForm uuid={link.uuid} type={link.type} onLoggedIn={(user) => done(user, true)} />
      </>
    );
  }
  return (
    <Page surface>
      <div className="auth-page">{body}</div>
    </Page>
  );
}
