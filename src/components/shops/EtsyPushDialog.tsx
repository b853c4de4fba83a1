/**
 * Listing a product on Etsy (etsy/pushEtsyProduct): Etsy needs the listing's category, the shop's
 * shipping profile and its processing time before the push is queued. While submitting it reads
 * 'Submitting, Please do not refresh.'
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Modal } from '../Modal';
import { storesApi, type EtsyCategory, type EtsyReadinessState, type EtsyShippingProfile } from '../../api/shops';
import { toast } from '../../state/ui';
import { queueChanged } from './state';
import { ShopMessages } from '../../../contract/shops';

export function EtsyPushDialog({ productId, open, onClose }: { productId: number; open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} title="Push to Etsy" onClose={onClose} width={520}>
      <EtsyPushForm productId={productId} onDone={onClose} />
    </Modal>
  );
}

function EtsyPushForm({ productId, onDone }: { productId: number; onDone: () => void }) {
  /** One list per category level: the top level, then the children of each choice. */
  const [levels, setLevels] = useState<EtsyCategory[][]>([]);
  const [path, setPath] = useState<number[]>([]);
  const [profiles, setProfiles] = useState<EtsyShippingProfile[]>([]);
  const [states, setStates] = useState<EtsyReadinessState[]>([]);
  const [profileId, setProfileId] = useState('');
  const [stateId, setStateId] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void Promise.all([storesApi.etsyCategories(1), storesApi.etsyShippingProfiles(), storesApi.etsyReadinessStates()]).then(([c, p, r]) => {
      if (!live) return;
      setLevels([c.data ?? []]);
      setProfiles(p.data ?? []);
      setStates(r.data ?? []);
      if (p.data?.[0]) setProfileId(String(p.data[0].shipping_profile_id));
      if (r.data?.[0]) setStateId(String(r.data[0].readiness_state_id));
    });
    return () => {
      live = false;
    };
  }, []);

  async function choose(level: number, id: number) {
    const nextPath = [...path.slice(0, level), id].filter((n) => n > 0);
    setPath(nextPath);
    const kept = levels.slice(0, level + 1);
    const picked = levels[level]?.find((c) => c.id === id);
    if (picked?.hasChildren) {
      const res = await storesApi.etsyCategoryChildren(id);
      kept.push(res.data ?? []);
    }
    setLevels(kept);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const taxonomyId = path[path.length - 1];
    if (!taxonomyId) {
      setError('Please choose a category');
      return;
    }
    if (!profileId) {
      setError('Please choose a shipping profile');
      return;
    }
    if (!stateId) {
      setError('Please choose a processing time');
      return;
    }
    setError('');
    setBusy(true);
    const res = await storesApi.pushEtsy({
      id: productId,
      taxonomyId,
      shippingProfileId: Number(profileId),
      readinessStateId: Number(stateId),
    });
    setBusy(false);
    if (res.code === 200) {
      toast('success', res.msg || ShopMessages.pushQueued);
      queueChanged();
      onDone();
    }
  }

  return (
    <form className="account-form" onSubmit={submit} noValidate aria-label="Push to Etsy">
      {levels.map((options, level) => (
        <div className="field" key={level}>
          <label htmlFor={`etsy-cat-${level}`}>{level === 0 ? 'Category' : `Subcategory ${level}`}</label>
          <select id={`etsy-cat-${level}`} value={path[level] ?? ''} onChange={(e) => void choose(level, Number(e.target.value))}>
            <option value="">Choose…</option>
            {options.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div className="field">
        <label htmlFor="etsy-profile">Shipping profile</label>
        <select id="etsy-profile" value={profileId} onChange={(e) => setProfileId(e.target.value)}>
          {profiles.length === 0 && <option value="">No shipping profile in your Etsy shop</option>}
          {profiles.map((p) => (
            <option key={p.shipping_profile_id} value={p.shipping_profile_id}>
              {p.title}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="etsy-state">Processing time</label>
        <select id="etsy-state" value={stateId} onChange={(e) => setStateId(e.target.value)}>
          {states.length === 0 && <option value="">No processing time in your Etsy shop</option>}
          {states.map((s) => (
            <option key={s.readiness_state_id} value={s.readiness_state_id}>
              {s.readiness_state === 'made_to_order' ? 'Made to order' : 'Ready to ship'}, {s.min_processing_time}–{s.max_processing_time}{' '}
              {s.processing_time_unit}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <div className="form-error" role="alert">
          {error}
        </div>
      )}
      {busy && (
        <p role="status" className="push-submitting">
          {ShopMessages.submitting}
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn primary" disabled={busy}>
          Push to Etsy
        </button>
      </div>
    </form>
  );
}
