/**
 * The design dialog: the steps (Product, Design, Price & Details) with the title per step type,
 * on the shared Modal. It owns the dialog model and the render worker; the document lives in the
 * editor core. Leaving with unsaved changes asks first; every change
 * is kept as a local draft, so a reload restores it; saving clears it.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { proxy, snapshot, subscribe, useSnapshot } from 'valtio';
import { useBlocker } from 'react-router-dom';
import { Modal, ConfirmDialog } from '../../components/Modal';
import { toast } from '../../state/ui';
import { clearDraft, newFlowPick, rememberNewFlowPick, saveDraft, type DesignerDraft } from '../draft/draft';
import { useRenderWorker } from '../mockups/useRenderWorker';
import { RenderPool, defaultPoolSize } from '../../../workers/pool';
import { startRenderWorker } from '../../../workers/client';
import { visibleDesign } from '../editor';
import { saveDesign, type SavedMockup } from '../save/save';
import { DesignStep } from '../steps/DesignStep';
import { firstOptionError, optionErrors, type MultiSelection } from '../model/options';
import type { OptionChecksHandle } from '../steps/OptionChecks';
import { PriceStep } from '../steps/PriceStep';
import { ProductStep } from '../steps/ProductStep';
import { createModel, fillPrices, settlePreview, type DesignerModel, type DesignerOpen } from '../model/designer';
import { loadModel } from './load';
import { flowSteps, nextStep, previousStep, STEP, STEP_LABELS, stepTitle } from '../model/steps';
import '../../styles/designer.css';

/** Draft writes wait this long after the last change. */
const DRAFT_DEBOUNCE_MS = 400;
export const LEAVE_TEXT = 'You have unsaved changes. Leave the designer without saving them?';

export interface DesignDialogProps {
  open: DesignerOpen;
  onClose: () => void;
  /** After a successful save, with the saved product's id. */
  onSaved?: (id: number, isTemplate: boolean) => void;
}

export function DesignDialog({ open, onClose, onSaved }: DesignDialogProps) {
  const model = useMemo(() => createModel(open), [open]);
  const m = useSnapshot(model);
  const worker = useRenderWorker();
  const [askLeave, setAskLeave] = useState(false);
  const [optionErrs, setOptionErrs] = useState<(string | null)[]>([]);
  const [formErr, setFormErr] = useState<{ field: string; msg: string } | null>(null);
  const [savedAs, setSavedAs] = useState<SavedAs | null>(null);
  const optionsRef = useRef<OptionChecksHandle>(null);

  useEffect(() => {
    if (open.kind !== 'new') void loadModel(model);
    // The product-less flow comes back to the product picked before a reload (and its draft).
    else
      void newFlowPick().then((id) => {
        if (id !== null && !model.product) void pickProduct(id);
      });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [model, open]);

  useEffect(() => {
    if (m.draftRestored) toast('info', 'Your unsaved design was restored.');
  }, [m.draftRestored]);

  const editor = m.editor ? model.editor : null;
  const editorSnap = useSnapshot(editor?.state ?? EMPTY);
  const dirty = m.formDirty || (editor !== null && editorSnap.dirty === true);

  // Keep a draft of everything while the dialog is open.
  useEffect(() => {
    if (!editor) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const write = () => {
      timer = null;
      const key = model.draftKey;
      if (!key || !model.product || (!model.formDirty && !editor.state.dirty) || model.step === 'complete') return;
      const s = snapshot(editor.state) as unknown as typeof editor.state;
      const draft: DesignerDraft = {
        v: 1,
        savedAt: Date.now(),
        productId: model.product.id,
        myProductId: model.myProductId,
        sourceTemplateId: model.sourceTemplateId,
        selection: structuredClone(snapshot(model).selection) as MultiSelection,
        customTemplateId: s.template.customTemplateId,
        design: structuredClone(s.design),
        previewHex: model.previewHex,
        title: model.title,
        bodyHtml: model.bodyHtml,
        prices: { ...model.prices },
        step: model.step,
      };
      void saveDraft(key, draft);
    };
    const schedule = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(write, DRAFT_DEBOUNCE_MS);
    };
    const offA = subscribe(editor.state, schedule);
    const offB = subscribe(model, schedule);
    // A reload or a closed tab within the debounce would lose the last edit: write it as the page goes.
    const flush = () => {
      if (!timer) return;
      clearTimeout(timer);
      write();
    };
    window.addEventListener('pagehide', flush);
    return () => {
      offA();
      offB();
      window.removeEventListener('pagehide', flush);
      if (timer) {
        clearTimeout(timer);
        write();
      }
    };
  }, [model, editor]);

  // In-app navigation (the browser's back button) while the design is unsaved asks first too.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);

  const requestClose = () => {
    if (dirty && m.step !== 'complete') setAskLeave(true);
    else onClose();
  };
  const leave = async () => {
    setAskLeave(false);
    if (model.draftKey) await clearDraft(model.draftKey);
    if (open.kind === 'new') await rememberNewFlowPick(null);
    if (blocker.state === 'blocked') blocker.proceed();
    else onClose();
  };

  const steps = flowSteps(m.stepType);
  const title = stepTitle(m.stepType, m.step === 'complete' ? steps[steps.length - 1]! : m.step, open.kind === 'edit');

  const goNext = () => {
    if (m.step === 'select') {
      if (!model.product) {
        toast('warning', 'Please select a product');
        return;
      }
      const errs = optionErrors(model.product.options, model.selection);
      setOptionErrs(errs);
      const first = errs.findIndex((e) => e !== null);
      if (first >= 0) {
        optionsRef.current?.focusOption(first);
        return;
      }
    }
    if (m.step === 'design' && model.product) {
      const err = firstOptionError(model.product.options, model.selection);
      if (err) {
        toast('warning', err);
        return;
      }
    }
    const next = nextStep(model.stepType, model.step);
    if (next) {
      model.step = next;
      setFormErr(null);
    }
  };
  const goBack = () => {
    const prev = previousStep(model.stepType, model.step);
    if (prev) model.step = prev;
  };

  const pickProduct = async (id: number) => {
    if (model.product?.id === id) return;
    model.editor = null;
    model.prices = {};
    await loadModel(model, id);
    if (model.status === 'ready') await rememberNewFlowPick(id);
  };

  const save = async (isTemplate: boolean) => {
    if (!editor || !model.product || !worker || model.saving) return;
    model.saving = true;
    setFormErr(null);
    // The designer's own worker renders too, beside the ones the machine has cores for.
    const pool = new RenderPool(defaultPoolSize(), startRenderWorker, [worker]);
    try {
      const doc = editor.toJSON();
      const res = await saveDesign({
        product: model.product,
        rows: model.rows,
        template: doc.template,
        design: doc.design,
        renderDesign: visibleDesign({ design: doc.design, hidden: { ...editor.state.hidden } }),
        selection: snapshot(model).selection as MultiSelection,
        title: model.title,
        bodyHtml: model.bodyHtml,
        prices: { ...model.prices },
        // Saving as a template always makes a new template; a product is created once, then updated.
        id: isTemplate ? null : model.myProductId,
        isTemplate,
        sourceTemplateId: model.sourceTemplateId,
        pool,
        onProgress: (text) => {
          model.saveProgress = text;
        },
      });
      if (!res.ok) {
        if (!isTemplate && res.id !== null) model.myProductId = res.id;
        if (res.field) setFormErr({ field: res.field, msg: res.msg });
        toast('error', res.msg);
        return;
      }
      if (!isTemplate) {
        model.myProductId = res.id;
        editor.markSaved();
        model.formDirty = false;
        if (model.draftKey) await clearDraft(model.draftKey);
        if (open.kind === 'new') await rememberNewFlowPick(null);
      }
      toast('success', 'Saved successfully');
      setSavedAs({ id: res.id, isTemplate, mockups: res.mockups });
      model.step = 'complete';
      onSaved?.(res.id, isTemplate);
    } finally {
      pool.terminate();
      model.saving = false;
      model.saveProgress = '';
    }
  };

  const stepIndex = steps.indexOf(m.step);
  return (
    <Modal open title={title} onClose={requestClose} width={1320} dismissible="escape">
      <div className="dz" data-step={STEP[m.step]}>
        <ol className="dz-steps" aria-label="Steps">
          {steps.map((st, i) => (
            <li key={st} aria-current={m.step === st ? 'step' : undefined} className={i < stepIndex || m.step === 'complete' ? 'done' : ''}>
              <span className="dz-step-n">{i + 1}</span> {STEP_LABELS[st]}
            </li>
          ))}
        </ol>

        <div className="dz-body">
          {m.step === 'select' && (
            <ProductStep
              model={model}
              errors={optionErrs}
              optionsRef={optionsRef}
              onPickProduct={(id) => void pickProduct(id)}
              onSelection={(next) => {
                model.selection = next;
                model.formDirty = true;
                settlePreview(model);
                fillPrices(model);
                setOptionErrs((errs) => errs.map((e, i) => ((next[i]?.length ?? 0) > 0 ? null : e)));
              }}
            />
          )}
          {m.step !== 'select' && m.status === 'loading' && <p role="status">Loading… Please wait a few seconds.</p>}
          {m.step !== 'select' && m.status === 'failed' && (
            <p role="alert" className="field-error">
              {m.error}
            </p>
          )}
          {m.step === 'design' && editor && <DesignStep model={model} editor={editor} worker={worker} />}
          {m.step === 'price' && editor && <PriceStep model={model} error={formErr} />}
          {m.step === 'complete' && savedAs && (
            <Complete
              savedAs={savedAs}
              onDone={onClose}
              onEdit={() => {
                model.step = 'design';
                setSavedAs(null);
              }}
            />
          )}
        </div>

        {m.step !== 'complete' && (
          <footer className="dz-foot">
            {m.saving && (
              <span role="status" className="muted">
                {m.saveProgress || 'Submitting, Please do not refresh.'}
              </span>
            )}
            {previousStep(m.stepType, m.step) && (
              <button type="button" className="btn" onClick={goBack} disabled={m.saving}>
                Back
              </button>
            )}
            {nextStep(m.stepType, m.step) && (
              <button type="button" className="btn primary" onClick={goNext} disabled={m.status !== 'ready'}>
                Next
              </button>
            )}
            {!nextStep(m.stepType, m.step) && editor && (
              <>
                <button type="button" className="btn" onClick={() => void save(true)} disabled={m.saving || !worker}>
                  Save as template
                </button>
                <button type="button" className="btn primary" onClick={() => void save(false)} disabled={m.saving || !worker}>
                  Save
                </button>
              </>
            )}
          </footer>
        )}
      </div>
      <ConfirmDialog
        open={askLeave || blocker.state === 'blocked'}
        title="Message"
        text={LEAVE_TEXT}
        confirmText="Leave"
        cancelText="Stay"
        onConfirm={() => void leave()}
        onCancel={() => {
          setAskLeave(false);
          if (blocker.state === 'blocked') blocker.reset();
        }}
      />
    </Modal>
  );
}

// Stands in for the editor's state before one exists, so the hook order never changes.
const EMPTY = proxy({ dirty: false }) as unknown as NonNullable<DesignerModel['editor']>['state'];

interface SavedAs {
  id: number;
  isTemplate: boolean;
  mockups: readonly SavedMockup[];
}

function Complete({ savedAs, onDone, onEdit }: { savedAs: SavedAs; onDone: () => void; onEdit: () => void }) {
  const where = savedAs.isTemplate ? '/my-templates' : '/my-products';
  return (
    <div className="dz-complete" role="status">
      <h3>{savedAs.isTemplate ? 'Saved to My Templates' : 'Saved to My Products'}</h3>
      <p>Your design and its mockups are saved.</p>
      {savedAs.mockups.length > 0 && (
        <ul className="dz-complete-mockups" aria-label="Saved mockups">
          {savedAs.mockups.map((mk) => (
            <li key={mk.url}>
              <img src={mk.url} alt={mk.label} width={180} height={180} loading="lazy" />
              <span>{mk.label}</span>
            </li>
          ))}
        </ul>
      )}
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onEdit}>
          Keep designing
        </button>
        <a className="btn" href={where}>
          {savedAs.isTemplate ? 'Go to My Templates' : 'Go to My Products'}
        </a>
        <button type="button" className="btn primary" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
