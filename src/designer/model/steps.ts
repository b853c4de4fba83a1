/**
 * The design flow's steps and titles. Pure data so the dialog, the launcher and the tests agree
 * on one table.
 */

/** The step numbers the saved data and the dialog's data-step use: select, design, complete, details, price are 0, 1, 3, 4, 5. */
export const STEP = { select: 0, design: 1, complete: 3, details: 4, price: 5 } as const;
export type StepName = keyof typeof STEP;

/** Step types with their own titles: 2 starts at the product, 3 at the design, 5 edits details only, 6 designs only. */
export type StepType = 2 | 3 | 5 | 6;

/** What the merchant sees in the progress bar for each step. */
export const STEP_LABELS: Readonly<Record<StepName, string>> = {
  select: 'Product',
  design: 'Design',
  complete: 'Done',
  details: 'Price & Details',
  price: 'Price & Details',
};

/**
 * The steps of each flow, in order, with the dialog title of each. Shorter flows drop the first
 * steps. The last step was once titled "Editorial Product", which merchants read as a kind of
 * product; it names what the step asks for now.
 */
export const FLOWS: Readonly<Record<StepType, readonly { step: StepName; title: string }[]>> = {
  2: [
    { step: 'select', title: 'Select a product' },
    { step: 'design', title: 'Create a product' },
    { step: 'price', title: 'Price & details' },
  ],
  3: [
    { step: 'design', title: 'Create a product' },
    { step: 'price', title: 'Price & details' },
  ],
  5: [{ step: 'price', title: 'Price & details' }],
  6: [{ step: 'design', title: 'Design' }],
};

/** The design step's title when a saved product is opened again: it is edited, not created. */
export const EDIT_TITLE = 'Edit product';

export function flowSteps(type: StepType): StepName[] {
  return FLOWS[type].map((s) => s.step);
}

/**
 * The dialog title at `step` in a flow of `type`; the last title once the flow is complete.
 * `editing`: a saved product opened again, whose design step is titled as an edit.
 */
export function stepTitle(type: StepType, step: StepName, editing = false): string {
  const flow = FLOWS[type];
  const title = (flow.find((s) => s.step === step) ?? flow[flow.length - 1]!).title;
  return editing && title === 'Create a product' ? EDIT_TITLE : title;
}

export function nextStep(type: StepType, step: StepName): StepName | null {
  const steps = flowSteps(type);
  const i = steps.indexOf(step);
  return i >= 0 && i < steps.length - 1 ? steps[i + 1]! : null;
}

export function previousStep(type: StepType, step: StepName): StepName | null {
  const steps = flowSteps(type);
  const i = steps.indexOf(step);
  return i > 0 ? steps[i - 1]! : null;
}
