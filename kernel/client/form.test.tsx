import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestKernel, renderWithKernel } from '../../tests/setup/kernel';
import { CallError } from './call-error';
import { useForm, type Form } from './form';
import { Field } from './ui/Field';

type Values = { mobile: string; code: string };

function Harness({ run, expose }: { run?: (values: Values) => Promise<unknown> | void; expose?: (form: Form<Values>) => void }) {
  const form = useForm({ mobile: '138', code: '' });
  expose?.(form);
  const submit = form.handleSubmit({
    validate: (values) => (values.mobile.length === 11 ? null : { field: 'mobile', key: 'kernel:validation.phone' }),
    send: async (values) => run?.(values),
  });
  return (
    <form onSubmit={submit} noValidate>
      <Field label="手机号" {...form.field('mobile')} />
      <Field label="验证码" {...form.field('code')} />
      <button type="submit" disabled={form.busy}>
        提交
      </button>
    </form>
  );
}

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};

describe('useForm', () => {
  it('binds each field to its value and shows one translated problem under its field until that field changes', () => {
    const sent: Values[] = [];
    renderWithKernel(<Harness run={(values) => void sent.push(values)} />, createTestKernel());
    const mobile = screen.getByLabelText('手机号') as HTMLInputElement;
    expect(mobile.value).toBe('138');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入正确的11位手机号');
    expect(sent).toEqual([]);
    expect((screen.getByRole('button', { name: '提交' }) as HTMLButtonElement).disabled).toBe(false);
    expect(mobile.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '1' } });
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.change(mobile, { target: { value: '1380' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(mobile.value).toBe('1380');
  });

  it('sends the current values once, however often it is pressed while running, and is busy meanwhile', async () => {
    const gate = deferred();
    const sent: Values[] = [];
    renderWithKernel(<Harness run={(values) => (sent.push(values), gate.promise)} />, createTestKernel());
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: '13800138000' } });
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '123456' } });
    const form = screen.getByRole('button', { name: '提交' }).closest('form')!;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await act(async () => {});
    expect(sent).toEqual([{ mobile: '13800138000', code: '123456' }]);
    expect((screen.getByRole('button', { name: '提交' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => gate.resolve());
    expect((screen.getByRole('button', { name: '提交' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.submit(form);
    await act(async () => {});
    expect(sent).toHaveLength(2);
  });

  it("keeps a field's problem when code sets the value it already holds, as an effect filling it just after a press does", () => {
    let form!: Form<Values>;
    renderWithKernel(<Harness expose={(f) => (form = f)} />, createTestKernel());
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入正确的11位手机号');
    act(() => form.set('mobile', '138'));
    expect(screen.getByRole('alert').textContent).toBe('请输入正确的11位手机号');
    act(() => {
      form.set('mobile', '1380');
      form.set('mobile', '138');
    });
    expect(screen.queryByRole('alert')).toBeNull();
    expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('138');
  });

  it('sets a value from code and translates a problem with its parameters', async () => {
    let form!: Form<Values>;
    renderWithKernel(<Harness expose={(f) => (form = f)} />, createTestKernel({ language: 'en' }));
    act(() => form.set('mobile', '13900139000'));
    expect((screen.getByLabelText('手机号') as HTMLInputElement).value).toBe('13900139000');
    act(() => void form.check({ field: 'code', key: 'kernel:time.minutes_ago', params: { count: 30 } }));
    expect(screen.getByRole('alert').textContent).toBe('30 minutes ago');
  });

  it('shows every problem a check finds at once, each under its own field, the first per field winning', () => {
    let form!: Form<Values>;
    renderWithKernel(<Harness expose={(f) => (form = f)} />, createTestKernel());
    let ok = true;
    act(() => {
      ok = form.check([
        { field: 'mobile', key: 'kernel:validation.phone' },
        { field: 'code', key: 'kernel:validation.code' },
        { field: 'code', key: 'kernel:validation.required' },
      ]);
    });
    expect(ok).toBe(false);
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual(['请输入正确的11位手机号', '请输入验证码']);
    fireEvent.change(screen.getByLabelText('验证码'), { target: { value: '1234' } });
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual(['请输入正确的11位手机号']);
    act(() => void (ok = form.check([])));
    expect(ok).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows a server refusal naming one of the form's fields beside that field, and leaves other failures to the caller", () => {
    let form!: Form<Values>;
    renderWithKernel(<Harness expose={(f) => (form = f)} />, createTestKernel());
    const refusal = (data: unknown) => new CallError({ msg: 'mobile：该手机号已绑定其他账户', data, status: 200, reason: 'business' });
    let shown = false;
    act(() => void (shown = form.refuse(refusal({ field: 'mobile' }))));
    expect(shown).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('mobile：该手机号已绑定其他账户');
    expect(screen.getByLabelText('手机号').getAttribute('aria-invalid')).toBe('true');
    act(() => void (shown = form.refuse(refusal({ field: 'nickname' }))));
    expect(shown).toBe(false);
    act(() => void (shown = form.refuse(refusal(null))));
    expect(shown).toBe(false);
    act(() => void (shown = form.refuse(new CallError({ msg: 'x', status: 500, reason: 'status', data: { field: 'code' } }))));
    expect(shown).toBe(false);
    expect(form.refuse(new Error('boom'))).toBe(false);
  });

  it('shows every field a refusal names beside its field at once, replacing what was shown there', () => {
    let form!: Form<Values>;
    renderWithKernel(<Harness expose={(f) => (form = f)} />, createTestKernel());
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual(['请输入正确的11位手机号']);
    const problems = [
      { field: 'mobile', message: '该手机号已绑定其他账户' },
      { field: 'code', message: '验证码不正确' },
      { field: 'code', message: '验证码已过期' },
    ];
    let shown = false;
    act(() => void (shown = form.refuse(new CallError({ msg: '手机号：该手机号已绑定其他账户', data: { ...problems[0], problems }, status: 200, reason: 'business' }))));
    expect(shown).toBe(true);
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual(['该手机号已绑定其他账户', '验证码不正确']);
    expect(screen.getByLabelText('验证码').getAttribute('aria-invalid')).toBe('true');
  });

  it('places what it can of a refusal naming a field the page does not show, and says false so the caller shows the rest', () => {
    let form!: Form<Values>;
    renderWithKernel(<Harness expose={(f) => (form = f)} />, createTestKernel());
    const problems = [
      { field: 'code', message: '验证码不正确' },
      { field: 'invite', message: '邀请码不存在' },
    ];
    let shown = true;
    act(() => void (shown = form.refuse(new CallError({ msg: '验证码：验证码不正确', data: { ...problems[0], problems }, status: 200, reason: 'business' }))));
    expect(shown).toBe(false);
    expect(screen.getAllByRole('alert').map((node) => node.textContent)).toEqual(['验证码不正确']);
  });

  it('shows a refused wire name under the field the page shows it as', () => {
    let form!: Form<Values>;
    renderWithKernel(<Harness expose={(f) => (form = f)} />, createTestKernel());
    let shown = false;
    act(() => void (shown = form.refuse(new CallError({ msg: '号码：太短', data: { field: 'phone_no', message: '太短' }, status: 200, reason: 'business' }), { phone_no: 'mobile' })));
    expect(shown).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('太短');
    expect(screen.getByLabelText('手机号').getAttribute('aria-invalid')).toBe('true');
  });
});
