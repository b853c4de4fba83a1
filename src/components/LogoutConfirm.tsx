/** The logout confirmation: logging out and going home once the merchant confirms. */
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from './Modal';
import { logout } from '../state/session';
import { Messages } from '../../contract/envelope';

export function LogoutConfirm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <ConfirmDialog
      open={open}
      text={Messages.logoutConfirm}
      onCancel={onClose}
      onConfirm={async () => {
        onClose();
        await logout();
        navigate('/', { replace: true });
      }}
    />
  );
}
