/** Bind e-mail (`/user/bindEmail/bindEmail`, default navigation bar, login required). */
import { BindPage } from '../components/BindPage';

export default function BindEmailPage() {
  return <BindPage type="email" />;
}
