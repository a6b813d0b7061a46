/** Renders the queued modals, toasts and the loading mask of ./overlay. The shell mounts one. */
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { Icon } from './Icon';
import { Modal } from './Modal';
import { overlays, type ModalRequest, type ToastItem } from './overlay';
import { Spinner } from './Spinner';

export function OverlayHost() {
  // Queue entries are stored with ref(), so the snapshot hands back the very objects queued.
  const snap = useSnapshot(overlays);
  const modals = snap.modals as readonly ModalRequest[];
  const toasts = snap.toasts as readonly ToastItem[];
  const loading = snap.loading;
  const { t } = useTranslation('kernel');
  const modal = modals[0];
  return (
    <>
      {modal && (
        <Modal
          key={modal.id}
          open
          title={modal.title}
          showCancel={modal.showCancel}
          confirmText={modal.confirmText}
          cancelText={modal.cancelText}
          onConfirm={() => modal.resolve(true)}
          onCancel={() => modal.resolve(false)}
        >
          {modal.content}
        </Modal>
      )}
      {loading > 0 && (
        <div className="sf-loading-mask" role="status" aria-label={t('ui.loading')}>
          <div className="sf-toast">
            <Spinner size={28} />
          </div>
        </div>
      )}
      {toasts.length > 0 && (
        <div className="sf-toast-layer" role="status" aria-live="polite">
          {toasts.map((toast) => (
            <div key={toast.id} className="sf-toast">
              {toast.icon === 'success' && <Icon name="check" size={28} />}
              {toast.icon === 'error' && <Icon name="close" size={28} />}
              {toast.icon === 'loading' && <Spinner size={28} />}
              <span>{toast.message}</span>
            </div>
          ))}
        </div>
      )}
    </>
  );
}
