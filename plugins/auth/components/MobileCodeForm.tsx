/**
 * A mobile number and the SMS code sent to it for `event`, then a call that logs in with both:
 * the code login (`mobilelogin`) and a third-party binding (`bindthird`) are this form with their
 * own strings and call. Every problem shows at once beside its field, the server's refusals of a
 * field (an unregistered mobile, a wrong code) too; the others as a toast.
 */
import { useForm } from '@kernel/client/form';
import { useT } from '@kernel/client/hooks';
import { Field } from '@kernel/client/ui/Field';
import { CodeField } from '@kernel/client/ui/CodeField';
import type { LoginReply, UserInfo } from '@kernel/core/user';
import type { SmsEvent } from '../contract';
import { codeLoginProblems, mobileProblem } from '../forms';
import { attemptForm, useSendCode } from '../pages/use-auth-flow';
import { SubmitButton } from './SubmitButton';

export interface MobileCodeFormProps {
  event: SmsEvent;
  /** The auth strings' section holding `mobile`, `mobile_placeholder`, `code`, `code_placeholder` and `submit`. */
  strings: 'login' | 'third';
  /** The call that logs in with the trimmed mobile and code. */
  logIn: (input: { mobile: string; captcha: string }) => Promise<LoginReply>;
  onLoggedIn: (user: UserInfo) => void;
}

export function MobileCodeForm({ event, strings, logIn, onLoggedIn }: MobileCodeFormProps) {
  const { t } = useT('auth');
  const form = useForm({ mobile: '', captcha: '' });
  const sendCode = useSendCode();

  const send = async () => {
    const mobile = form.values.mobile.trim();
    if (!form.check(mobileProblem(mobile))) return false;
    return sendCode({ mobile, event });
  };

  const submit = form.handleSubmit({
    validate: codeLoginProblems,
    send: async (values) => {
      const reply = await attemptForm(form, logIn({ mobile: values.mobile.trim(), captcha: values.captcha.trim() }));
      if (reply) onLoggedIn(reply.data.userinfo);
    },
  });

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <Field
        label={t(`${strings}.mobile`)}
        placeholder={t(`${strings}.mobile_placeholder`)}
        type="tel"
        inputMode="numeric"
        maxLength={11}
        autoComplete="tel"
        {...form.field('mobile')}
      />
      <CodeField label={t(`${strings}.code`)} placeholder={t(`${strings}.code_placeholder`)} send={send} {...form.field('captcha')} />
      <SubmitButton busy={form.busy}>{t(`${strings}.submit`)}</SubmitButton>
    </form>
  );
}
