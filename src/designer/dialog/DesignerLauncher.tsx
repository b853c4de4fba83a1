/**
 * Opens the design dialog from the address, so every entry point is a link and a reload reopens
 * the dialog (and its draft):
 *
 *   ?design=new            the dashboard's "Custom made for you": pick a product first
 *   ?design=<productId>    a catalogue product (the product page's Design button)
 *   ?edit=<id>             My Products: edit a saved product
 *   ?template=<id>         My Templates: a new product from a saved template
 *
 * Mount <DesignerLauncher /> once on a page that offers one of these; closing the dialog removes
 * the parameter. `selection` passes the product page's chosen option values.
 */
import { lazy, Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { EDIT_PRODUCT_PARAM, USE_TEMPLATE_PARAM } from '../../../contract/products';
import { session } from '../../state/session';
import type { DesignerOpen } from '../model/designer';

// The designer (engine, workers, panels) loads only when it opens: catalogue pages stay light.
const DesignDialog = lazy(() => import('./DesignDialog').then((mod) => ({ default: mod.DesignDialog })));

export const DESIGN_PARAM = 'design';
const ID_RE = /^\d{1,9}$/;

/** What the address asks the designer to open, or null. */
export function designerOpenFrom(sp: URLSearchParams, selection?: readonly (string | null)[]): DesignerOpen | null {
  const edit = sp.get(EDIT_PRODUCT_PARAM);
  if (edit && ID_RE.test(edit)) return { kind: 'edit', myProductId: Number(edit) };
  const template = sp.get(USE_TEMPLATE_PARAM);
  if (template && ID_RE.test(template)) return { kind: 'template', templateId: Number(template) };
  const design = sp.get(DESIGN_PARAM);
  if (design === 'new') return { kind: 'new' };
  if (design && ID_RE.test(design)) return { kind: 'product', productId: Number(design), ...(selection ? { selection } : {}) };
  return null;
}

/** The search string with the designer's parameters removed. */
export function withoutDesignerParams(sp: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(sp);
  for (const k of [DESIGN_PARAM, EDIT_PRODUCT_PARAM, USE_TEMPLATE_PARAM]) next.delete(k);
  return next;
}

export function DesignerLauncher({
  selection,
  onSaved,
}: {
  selection?: readonly (string | null)[];
  onSaved?: (id: number, isTemplate: boolean) => void;
}) {
  const [sp, setSp] = useSearchParams();
  const key = `${sp.get(EDIT_PRODUCT_PARAM)}|${sp.get(USE_TEMPLATE_PARAM)}|${sp.get(DESIGN_PARAM)}`;
  // Only the parameters decide what opens; the selection is read once when they change.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const open = useMemo(() => designerOpenFrom(sp, selection), [key]);
  const user = useSnapshot(session);
  // Designing needs a merchant: a visitor's link waits until the login (the route guard or the Design button) is done.
  if (!open || user.loggedIn !== true) return null;
  return (
    <Suspense
      fallback={
        <p role="status" className="sr-only">
          Loading… Please wait a few seconds.
        </p>
      }
    >
      <DesignDialog
        key={key}
        open={open}
        onClose={() => setSp(withoutDesignerParams(sp), { replace: true })}
        {...(onSaved ? { onSaved } : {})}
      />
    </Suspense>
  );
}
