import { useSnapshot } from 'valtio';
import { Modal } from './Modal';
import { LoginForm } from './LoginForm';
import { takeAfterLogin, ui } from '../state/ui';
import { POST_LOGIN_CALLBACK_DELAY_MS } from '../../contract/constants';

export function LoginDialog() {
  const snap = useSnapshot(ui);
  return (
    <Modal
      open={snap.loginDialog}
      title="Log in to POD Studio"
      onClose={() => {
        ui.loginDialog = false;
        takeAfterLogin();
      }}
    >
      <LoginForm
        onDone={() => {
          ui.loginDialog = false;
          const then = takeAfterLogin();
          if (then) setTimeout(then, POST_LOGIN_CALLBACK_DELAY_MS);
        }}
      />
    </Modal>
  );
}
