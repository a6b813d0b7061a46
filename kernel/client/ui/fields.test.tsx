import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestKernel, renderWithKernel } from '../../../tests/setup/kernel';
import { CodeField } from './CodeField';
import { PasswordField } from './PasswordField';

afterEach(() => vi.useRealTimers());

describe('PasswordField', () => {
  it('hides the password until the eye shows it, and says which way the eye goes', () => {
    renderWithKernel(<PasswordField label="密码" value="abc123" onChange={() => {}} />, createTestKernel());
    const input = screen.getByLabelText('密码') as HTMLInputElement;
    expect(input.type).toBe('password');
    const show = screen.getByRole('button', { name: '显示密码' });
    expect(show.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(show);
    expect(input.type).toBe('text');
    expect(screen.getByRole('button', { name: '隐藏密码' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: '隐藏密码' }));
    expect(input.type).toBe('password');
  });

  it('speaks English when the shopper chose it', () => {
    renderWithKernel(<PasswordField label="Password" />, createTestKernel({ language: 'en' }));
    expect(screen.getByRole('button', { name: 'Show password' })).toBeTruthy();
  });
});

describe('CodeField', () => {
  it('counts down after a code went out and is ready again when the time is up', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const send = vi.fn(async () => true);
    renderWithKernel(<CodeField label="验证码" send={send} resendSeconds={30} />, createTestKernel());
    const input = screen.getByLabelText('验证码') as HTMLInputElement;
    expect([input.inputMode, input.maxLength, input.autocomplete]).toEqual(['numeric', 6, 'one-time-code']);
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    const waiting = await screen.findByRole('button', { name: '30秒后重发' });
    expect((waiting as HTMLButtonElement).disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByRole('button', { name: '20秒后重发' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    await screen.findByRole('button', { name: '30秒后重发' });
    expect(send).toHaveBeenCalledTimes(2);
  });

  it('stays ready when nothing went out, and waits 60 s by default', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = false;
    renderWithKernel(<CodeField label="验证码" send={async () => answer} />, createTestKernel({ language: 'en' }));
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    await act(async () => {});
    expect(screen.getByRole('button', { name: 'Get code' })).toBeTruthy();
    answer = true;
    fireEvent.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByRole('button', { name: 'Resend in 60 s' })).toBeTruthy();
  });
});
