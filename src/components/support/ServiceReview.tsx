/**
 * The monthly service review: the 1200 px dialog (closed only by its close button: a click beside
 * it or Escape does not lose the ratings) with the support manager's avatar and the merchant's
 * name, three star ratings and comments; every rating is required ('Scoring item is required'),
 * one review a month ('You can only evaluate once a month,…'), and a 'Submitted successfully'
 * dialog to end it. `ReviewPrompt` asks for the review on the dashboard until the merchant
 * closes it.
 */
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { Modal } from '../Modal';
import { userApi } from '../../api/user';
import { refreshSession, session } from '../../state/session';
import { toast } from '../../state/ui';
import {
  REVIEW_REMARK_MAX,
  REVIEW_SCORES,
  REVIEW_STARS,
  SupportMessages,
  missingScore,
  type ReviewScoreField,
} from '../../../contract/support';
import '../../styles/support.css';

const NO_SCORES: Record<ReviewScoreField, number> = { serveScore: 0, replyScore: 0, solutionScore: 0 };

function StarRating({ label, hint, value, onChange }: { label: string; hint?: string; value: number; onChange: (n: number) => void }) {
  const name = `stars-${label.toLowerCase()}`;
  return (
    <fieldset className="star-rating">
      <legend>
        {label}
        {hint && <span className="muted small"> ({hint})</span>}
      </legend>
      {Array.from({ length: REVIEW_STARS }, (_, i) => i + 1).map((n) => (
        <label key={n} className={n <= value ? 'star on' : 'star'}>
          <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} className="visually-hidden" />
          <span aria-hidden="true">★</span>
          <span className="visually-hidden">
            {n} {n === 1 ? 'star' : 'stars'}
          </span>
        </label>
      ))}
    </fieldset>
  );
}

export function ServiceReviewDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const snap = useSnapshot(session);
  const [scores, setScores] = useState(NO_SCORES);
  const [remark, setRemark] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const user = snap.user;

  const submit = async () => {
    if (user?.isEvaluation === 1) {
      toast('info', SupportMessages.onceAMonth);
      return;
    }
    if (missingScore(scores)) {
      setProblem(SupportMessages.scoreRequired);
      toast('warning', SupportMessages.scoreRequired);
      return;
    }
    setProblem('');
    setBusy(true);
    const res = await userApi.saveEvaluation({ ...scores, remark: remark.trim(), employeeid: user?.employeeid ?? null });
    setBusy(false);
    if (res.code !== 200) {
      if (res.msg === SupportMessages.onceAMonth) toast('info', res.msg);
      else toast('error', res.msg || 'The review could not be sent.');
      return;
    }
    setScores(NO_SCORES);
    setRemark('');
    onClose();
    setDone(true);
  };

  return (
    <>
      <Modal open={open} title={SupportMessages.reviewTitle} onClose={onClose} width={1200} dismissible={false}>
        <div className="service-review">
          <div className="service-review-who">
            <img
              src={user?.gender === 2 ? '/support/agent-b.svg' : '/support/agent-a.svg'}
              alt="Your support manager"
              width={64}
              height={64}
            />
            <p>
              Reviewing the service for <strong>{user?.displayname || 'your account'}</strong>
            </p>
          </div>
          {user?.isEvaluation === 1 && (
            <p className="notice" role="status">
              {SupportMessages.onceAMonth}
            </p>
          )}
          {REVIEW_SCORES.map((s) => (
            <StarRating
              key={s.field}
              label={s.label}
              hint={s.field === 'replyScore' ? SupportMessages.responseHint : undefined}
              value={scores[s.field]}
              onChange={(n) => setScores({ ...scores, [s.field]: n })}
            />
          ))}
          <label className="service-review-remark">
            Comments (optional)
            <textarea value={remark} maxLength={REVIEW_REMARK_MAX} rows={5} onChange={(e) => setRemark(e.target.value)} />
          </label>
          {problem && (
            <p className="field-error" role="alert">
              {problem}
            </p>
          )}
          <div className="modal-actions">
            <button type="button" className="btn primary" disabled={busy} onClick={() => void submit()}>
              {busy ? 'Submitting…' : 'Submit'}
            </button>
          </div>
        </div>
      </Modal>
      <Modal
        open={done}
        title={SupportMessages.submittedTitle}
        onClose={() => setDone(false)}
        dismissible={false}
        showClose={false}
        width={420}
      >
        <p>{SupportMessages.submittedText}</p>
        <div className="modal-actions">
          <button
            type="button"
            className="btn primary"
            autoFocus
            onClick={() => {
              setDone(false);
              void refreshSession();
            }}
          >
            Ok
          </button>
        </div>
      </Modal>
    </>
  );
}

/** The dashboard's ask for a review: until the merchant closes it (haoping 1); the review itself stays a click away. */
export function ReviewPrompt() {
  const snap = useSnapshot(session);
  const [open, setOpen] = useState(false);
  const user = snap.user;
  if (!user) return null;
  return (
    <>
      {user.haoping === 0 ? (
        <section className="card review-prompt" aria-labelledby="review-prompt-h">
          <h2 id="review-prompt-h">How is our service?</h2>
          <p>Rate your support manager once a month: it takes a minute and helps us serve you better.</p>
          <div className="review-prompt-actions">
            <button type="button" className="btn primary" onClick={() => setOpen(true)}>
              Rate our service
            </button>
            <button
              type="button"
              className="btn"
              onClick={() => {
                void userApi.closeReviewPrompt().then(() => refreshSession());
              }}
            >
              Not now
            </button>
          </div>
        </section>
      ) : (
        <p className="review-link">
          <button type="button" className="link-btn" onClick={() => setOpen(true)}>
            Rate our service
          </button>
        </p>
      )}
      <ServiceReviewDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
