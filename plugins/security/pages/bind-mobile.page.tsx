/** Bind mobile (`/user/bindMobile/bindMobile`, default navigation bar, login required). */
import { BindPage } from '../components/BindPage';

export default function BindMobilePage() {
  return <BindPage type="mobile" />;
}
