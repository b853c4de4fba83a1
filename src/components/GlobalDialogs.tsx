import { useSnapshot } from 'valtio';
import { Modal } from './Modal';
import { LoginDialog } from './LoginDialog';
import { ui } from '../state/ui';
import { StoreDialogs } from './shops/StoreDialogs';
import { Code } from '../../contract/envelope';

/** Dialogs any page can open: login, add store, and the store notices of codes 10003/10004. */
export function GlobalDialogs() {
  const snap = useSnapshot(ui);
  return (
    <>
      <LoginDialog />
      <StoreDialogs />
      <Modal
        open={!!snap.storeNotice}
        title="Message"
        onClose={() => {
          ui.storeNotice = null;
        }}
        dismissible={false}
      >
        <p>{snap.storeNotice?.text}</p>
        <div className="modal-actions">
          {snap.storeNotice?.code === Code.PERMISSIONS_UPDATED && snap.storeNotice.link ? (
            <a
              className="btn primary"
              href={snap.storeNotice.link}
              target="_blank"
              rel="noopener"
              onClick={() => {
                ui.storeNotice = null;
              }}
            >
              Confirm
            </a>
          ) : (
            <button
              type="button"
              className="btn primary"
              onClick={() => {
                // 10003 says "Go ahead and install it": Confirm leads straight to installing.
                if (snap.storeNotice?.code === Code.STORE_NOT_INSTALLED) ui.addStoreDialog = true;
                ui.storeNotice = null;
              }}
            >
              Confirm
            </button>
          )}
        </div>
      </Modal>
    </>
  );
}
