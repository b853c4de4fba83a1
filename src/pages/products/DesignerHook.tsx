/**
 * The hook into the design dialog (src/designer, built separately): "Edit" links to
 * ?edit=<id> and "Use this template" to ?template=<id>; when one of them is in the address the
 * designer's launcher opens the dialog (the launcher is small; it loads the dialog and the engine
 * lazily). Closing it removes the parameter; a save calls `onSaved` so the page shows the new state.
 */
import { useSearchParams } from 'react-router-dom';
import { EDIT_PRODUCT_PARAM, USE_TEMPLATE_PARAM } from '../../../contract/products';
import { DesignerLauncher } from '../../designer/dialog/DesignerLauncher';

export function DesignerHook({ onSaved }: { onSaved: (id: number, isTemplate: boolean) => void }) {
  const [sp] = useSearchParams();
  if (!sp.has(EDIT_PRODUCT_PARAM) && !sp.has(USE_TEMPLATE_PARAM)) return null;
  return <DesignerLauncher onSaved={onSaved} />;
}

/** The address of the page with the designer opened on a saved product or template. */
export function editHref(path: string, id: number): string {
  return `${path}?${EDIT_PRODUCT_PARAM}=${id}`;
}

export function templateUseHref(id: number): string {
  return `/my-templates?${USE_TEMPLATE_PARAM}=${id}`;
}
