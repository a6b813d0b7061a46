/**
 * The avatar (`/user/avatar/avatar`, default navigation bar, login required): the current
 * picture, "choose a picture" (shrunk where the browser can, then uploaded at once through the
 * kernel's upload, which checks size and content, with its progress shown), the uploaded picture
 * as a preview, then "use this picture".
 */
import { useRef, useState } from 'react';
import { isCallError } from '@kernel/client/call-error';
import { useKernel, useT } from '@kernel/client/hooks';
import { Button, Page, toast } from '@kernel/client/ui';
import { Avatar } from '@kernel/client/ui/Avatar';
import { shrinkPicture } from '@kernel/client/shrink-picture';
import { kernelContract } from '@kernel/core/kernel.contract';
import { ProfileGate } from '../components/ProfileGate';
import { memberContract } from '../contract';
import { profileUpdate } from '../profile';
import './profile.css';

export default function AvatarPage() {
  return (
    <Page>
      <ProfileGate>{(user) => <AvatarEditor current={user.avatar} />}</ProfileGate>
    </Page>
  );
}

interface Uploaded {
  /** The path the avatar call takes. */
  url: string;
  /** Where the file is served now: the preview. */
  fullurl: string;
}

function AvatarEditor({ current }: { current: string }) {
  const kernel = useKernel();
  const { t } = useT('member');
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<Uploaded | null>(null);
  /** The share of the upload sent, in percent; null while no upload is under way. */
  const [progress, setProgress] = useState<number | null>(null);
  const uploading = progress !== null;
  const [saving, setSaving] = useState(false);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    try {
      // A refusal (too large, not a picture) is toasted by the kernel; the current picture stays.
      const reply = await kernel.http.upload(kernelContract.upload, await shrinkPicture(file), {
        onProgress: (fraction) => setProgress(Math.round(fraction * 100)),
      });
      if (reply.code === 1) setPicked(reply.data);
    } catch (failure) {
      if (!isCallError(failure)) throw failure;
    } finally {
      setProgress(null);
      // The same file may be chosen again after a refusal.
      if (input.current) input.current.value = '';
    }
  };

  const save = async () => {
    if (!picked) return;
    setSaving(true);
    try {
      const fresh = await kernel.http.data(memberContract.changeAvatar, { avatar: picked.url });
      kernel.session.update(profileUpdate(fresh));
    } catch (failure) {
      if (isCallError(failure)) return;
      throw failure;
    } finally {
      setSaving(false);
    }
    toast(t('avatar.saved'), { icon: 'success' });
    kernel.nav.back();
  };

  const caption = picked ? t('avatar.preview') : current ? t('avatar.current') : t('avatar.none');
  return (
    <section className="member-avatar">
      <Avatar
        // The shop path, not the full URL: the preview then asks for the 256 px copy, not the original.
        src={picked?.url || current}
        alt={caption}
        size={128}
        lazy={false}
        className="member-avatar__picture"
      />
      <p className="member-avatar__caption">{caption}</p>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="member-avatar__input"
        aria-label={t('avatar.choose')}
        tabIndex={-1}
        onChange={(event) => void upload(event.target.files?.[0])}
      />
      {uploading && (
        <div
          className="member-avatar__progress"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          aria-label={t('avatar.uploading')}
        >
          <span className="member-avatar__progress-fill" style={{ width: `${progress}%` }} />
          <span className="member-avatar__progress-text">{t('avatar.progress', { percent: progress })}</span>
        </div>
      )}
      <div className="member-avatar__actions">
        <Button block round loading={uploading} onClick={() => input.current?.click()}>
          {t('avatar.choose')}
        </Button>
        <Button variant="primary" block round loading={saving} disabled={!picked || uploading} onClick={() => void save()}>
          {t('avatar.save')}
        </Button>
      </div>
      <p className="member-avatar__hint">{t('avatar.hint', { max: kernel.site.config?.upload.maxsize ?? '' })}</p>
    </section>
  );
}
