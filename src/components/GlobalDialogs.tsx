import { useSnapshot } from 'valtio';
import { Modal } from './Modal';
import { LoginDialog } from './LoginDialog';
import { ui } from '../stores/ui';
import { storeTypes } from '../nav';
import { Code } from '../../contract/envelope';

/** Dialogs any page can open: login, add store, and the store notices of codes 10003/10004. */
export function GlobalDialogs() {
  const snap = useSnapshot(ui);
  return (
    <>
      <LoginDialog />
      <Modal open={snap.addStoreDialog} title="Add store" onClose={() => { ui.addStoreDialog = false; }} width={560}>
        <p>Please Select the store type and install it.</p>
        <ul className="store-types">
          {storeTypes.map((s) => (
            <li key={s.code}>
              <strong>{s.name}</strong>
              <span className="muted">{s.blurb}</span>
              <button type="button" className="btn" disabled title="Store connections are not available yet">Connect {s.name}</button>
            </li>
          ))}
        </ul>
        <p className="note">Store connections are being built and are not available yet.</p>
      </Modal>
      <Modal open={!!snap.storeNotice} title="Message" onClose={() => { ui.storeNotice = null; }} dismissible={false}>
        <p>{snap.storeNotice?.text}</p>
        <div className="modal-actions">
          {snap.storeNotice?.code === Code.PERMISSIONS_UPDATED && snap.storeNotice.link ? (
            <a className="btn primary" href={snap.storeNotice.link} target="_blank" rel="noopener" onClick={() => { ui.storeNotice = null; }}>Confirm</a>
          ) : (
            <button type="button" className="btn primary" onClick={() => { ui.storeNotice = null; }}>Confirm</button>
          )}
        </div>
      </Modal>
    </>
  );
}
