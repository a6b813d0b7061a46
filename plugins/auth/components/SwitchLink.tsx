/** "No account yet? Register now" and back: the other auth page, keeping where to return afterwards. */
import { Link } from '@kernel/client/ui';

export function SwitchLink({ text, link, to, returnTo }: { text: string; link: string; to: string; returnTo?: string }) {
  return (
    <p className="auth-switch">
      {text}
      <Link to={to} query={returnTo ? { returnTo } : undefined}>
        {link}
      </Link>
    </p>
  );
}
