/** Moving a store to another POD Studio account, confirmed with an e-mailed code. */
import { useEffect, useState, type FormEvent } from 'react';
import { Modal } from '../../components/Modal';
import { Field } from '../../components/Field';
import { EmailCodeButton } from '../../components/EmailCodeButton';
import { useForm } from '../../components/useForm';
import { storesApi } from '../../api/shops';
import { toast } from '../../state/ui';
import { storeLabel } from '../../components/shops/logic';
import { FormMessages, rules, sendCodeSchema, type Schema } from '../../../contract/validation';
import { EMAIL_CODE_LENGTH } from '../../../contract/constants';
import type { ShopSummary } from '../../../contract/shops';

const transferSchema: Schema = {
  email: sendCodeSchema.email!,
  code: [
    rules.required(FormMessages.emailCodeRequired),
    rules.length(EMAIL_CODE_LENGTH, FormMessages.emailCodeInvalid),
    rules.natural(FormMessages.emailCodeInvalid),
  ],
};

export function TransferStoreDialog({ store, onClose, onDone }: { store: ShopSummary | null; onClose: () => void; onDone: () => void }) {
  const f = useForm({ email: '', code: '' });
  const [busy, setBusy] = useState(false);
  const { setValues, setErrors, setServerError } = f;
  useEffect(() => {
    setValues({ email: '', code: '' });
    setErrors({});
    setServerError('');
  }, [store?.id, setValues, setErrors, setServerError]);

  async function sendCode(): Promise<boolean> {
    f.setServerError('');
    if (!store || !f.check(transferSchema, ['email'])) return false;
    const res = await storesApi.transferSendCode(store.id, f.values.email.trim());
    if (res.code === 200) {
      toast('success', res.msg);
      return true;
    }
    f.setServerError(res.msg);
    return false;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    f.setServerError('');
    if (!store || !f.check(transferSchema)) return;
    setBusy(true);
    const res = await storesApi.transfer(store.id, f.values.email.trim(), f.values.code.trim());
    setBusy(false);
    if (res.code === 200) {
      toast('success', res.msg);
      onDone();
    } else f.setServerError(res.msg);
  }

  return (
    <Modal open={store !== null} title="Transfer store" onClose={onClose} width={480}>
      {store && (
        <form className="account-form" onSubmit={submit} noValidate aria-label="Transfer store">
          <p>
            Move <strong>{storeLabel(store)}</strong> and its connection to another POD Studio account. Your products stay with you.
          </p>
          <p className="muted small">We e-mail a code to the receiving account: ask its owner for it to confirm the transfer.</p>
          <Field label="Email of the receiving account" type="email" autoComplete="off" {...f.bind('email')} />
          <Field
            label="Email verification code"
            inputMode="numeric"
            maxLength={6}
            autoComplete="one-time-code"
            {...f.bind('code')}
            suffix={<EmailCodeButton send={sendCode} />}
          />
          {f.serverError && (
            <div className="form-error" role="alert">
              {f.serverError}
            </div>
          )}
          <div className="modal-actions">
            <button type="button" className="btn" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn primary" disabled={busy}>
              {busy ? 'Transferring…' : 'Transfer'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
