/**
 * Binding an e-mail or a mobile (the two pages differ only in `type`): the current binding,
 * masked; a password check first when there is one to change or remove; then the new address or
 * number with its code (sent by the auth plugin, resend countdown on the button) and "bind".
 * Every problem shows at once beside its field, the server's refusals of a field too.
 */
import { useState } from 'react';
import { isCallError } from '@kernel/client/call-error';
import { showRefusal, useForm } from '@kernel/client/form';
import { useKernel, useT } from '@kernel/client/hooks';
import { Button, Cell, CellGroup, Page, confirm, toast } from '@kernel/client/ui';
import { Field } from '@kernel/client/ui/Field';
import { CodeField } from '@kernel/client/ui/CodeField';
import { SubmitBar } from '@kernel/client/ui/SubmitBar';
import type { UserInfo } from '@kernel/core/user';
import { useSendCode } from '@plugins/auth/public-client';
import { maskEmail, maskMobile } from '@kernel/core/mask';
import { ProfileGate, profileUpdate } from '@plugins/member/public-client';
import { securityContract, type Binding } from '../contract';
import { bindProblems, normaliseTarget, targetProblem } from '../forms';
import { PasswordCheck } from './PasswordCheck';
import '../pages/security.css';

export function BindPage({ type }: { type: Binding }) {
  return (
    <Page>
      <ProfileGate>{(user) => <Binder type={type} user={user} />}</ProfileGate>
    </Page>
  );
}

/** A refusal that asks for the password check again (it expired meanwhile). */
const needsCheck = (failure: unknown) => isCallError(failure) && (failure.data as { password_check?: boolean } | null)?.password_check === true;

function Binder({ type, user }: { type: Binding; user: UserInfo }) {
  const kernel = useKernel();
  const { t } = useT('security');
  const bound = user[type];
  const [checked, setChecked] = useState(false);
  const [unbinding, setUnbinding] = useState(false);
  const locked = bound !== '' && !checked;

  const unbind = async () => {
    if (!(await confirm({ title: t('bind.unbind_title'), content: t(`bind.unbind_${type}`) }))) return;
    setUnbinding(true);
    try {
      kernel.session.update(profileUpdate(await kernel.http.data(securityContract.unBind, { type })));
      toast(t('bind.unbound'), { icon: 'success' });
    } catch (failure) {
      if (needsCheck(failure)) setChecked(false);
      else if (!isCallError(failure)) throw failure;
    } finally {
      setUnbinding(false);
    }
  };

  return (
    <>
      <CellGroup>
        <Cell label={t(`bind.current_${type}`)} value={bound ? (type === 'email' ? maskEmail(bound) : maskMobile(bound)) : t('list.unbound')} />
      </CellGroup>
      {!bound && <p className="security-note">{t(`bind.none_${type}`)}</p>}
      {locked ? (
        <PasswordCheck onChecked={() => setChecked(true)} />
      ) : (
        <BindForm type={type} bound={bound} onCheckNeeded={() => setChecked(false)} />
      )}
      {bound && !locked && (
        <div className="security-actions">
          <Button variant="danger" block round loading={unbinding} onClick={() => void unbind()}>
            {t('bind.unbind')}
          </Button>
        </div>
      )}
    </>
  );
}

function BindForm({ type, bound, onCheckNeeded }: { type: Binding; bound: string; onCheckNeeded: () => void }) {
  const kernel = useKernel();
  const { t } = useT('security');
  const form = useForm({ value: '', code: '' });

  const send = useSendCode();
  // Refused (taken, too soon): the kernel has shown why and the button stays ready.
  const sendCode = async () => {
    if (!form.check(targetProblem(type, form.values.value, bound))) return false;
    const target = normaliseTarget(type, form.values.value);
    return send(type === 'email' ? { email: target, event: 'changeemail' } : { mobile: target, event: 'changemobile' });
  };

  const submit = form.handleSubmit({
    validate: (values) => bindProblems(type, values, bound),
    send: async (values) => {
      try {
        const payload = { type, value: normaliseTarget(type, values.value), code: values.code.trim() };
        kernel.session.update(profileUpdate(await kernel.http.data(securityContract.changeBind, payload, { toastError: false })));
      } catch (failure) {
        // Beside the address or the code (taken, wrong code), else a toast; an expired password check asks again.
        showRefusal(form, failure);
        if (needsCheck(failure)) onCheckNeeded();
        return;
      }
      toast(t('bind.bound'), { icon: 'success' });
      kernel.nav.back();
    },
  });

  const email = type === 'email';
  return (
    <form className="security-form" onSubmit={submit} noValidate>
      <CellGroup>
        <Field
          label={t(email ? 'bind.new_email' : 'bind.new_mobile')}
          placeholder={t(email ? 'bind.email_placeholder' : 'bind.mobile_placeholder')}
          type={email ? 'email' : 'tel'}
          inputMode={email ? 'email' : 'numeric'}
          maxLength={email ? 254 : 11}
          autoComplete={email ? 'email' : 'tel'}
          {...form.field('value')}
        />
        <CodeField label={t('bind.code')} placeholder={t('bind.code_placeholder')} send={sendCode} {...form.field('code')} />
      </CellGroup>
      <SubmitBar busy={form.busy}>{t(bound ? 'bind.submit_change' : 'bind.submit_bind')}</SubmitBar>
    </form>
  );
}
