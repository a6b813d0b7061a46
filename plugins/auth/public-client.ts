/**
 * What other plugins' pages may use of auth in the browser: sending a verification code (the
 * `/api/Sms/send` and `/api/Ems/send` calls, the "code sent" toast, refusals shown by the kernel).
 */
export { useSendCode, type CodeTarget } from './pages/use-auth-flow';
