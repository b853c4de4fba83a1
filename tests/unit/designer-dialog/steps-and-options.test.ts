import { describe, expect, it } from 'vitest';
import { FLOWS, flowSteps, nextStep, previousStep, STEP, stepTitle } from '../../../src/designer/model/steps';
import { designerOpenFrom, withoutDesignerParams } from '../../../src/designer/dialog/DesignerLauncher';
import {
  chosenColours,
  chosenVariants,
  firstOptionError,
  optionErrors,
  selectionFrom,
  toggleValue,
  variantTitle,
} from '../../../src/designer/model/options';
import type { WireOption, WireVariant } from '../../../src/api/catalog';

const options: WireOption[] = [
  {
    id: 'c',
    name: 'Color',
    position: 1,
    isColor: true,
    values: [
      { name: 'White', hex: '#ffffff' },
      { name: 'Black', hex: '#000000' },
      { name: 'Red', hex: '#ff0000' },
      { name: 'red', hex: '#ee0000' },
    ],
  },
  {
    id: 's',
    name: 'Size',
    position: 2,
    isColor: false,
    values: [
      { name: 'S', hex: null },
      { name: 'M', hex: null },
      { name: 'L', hex: null },
    ],
  },
];
let nextId = 1;
const variants: WireVariant[] = options[0]!.values.flatMap((c) =>
  options[1]!.values.map((s) => ({
    id: nextId++,
    option1: c.name,
    option2: s.name,
    option3: null,
    imagesId: null,
    cost: 1000,
    sku: `${c.name}-${s.name}`,
    weightGrams: 200,
  })),
);

describe('design flow steps', () => {
  it('numbers the steps as the spec does', () => {
    expect(STEP).toEqual({ select: 0, design: 1, complete: 3, details: 4, price: 5 });
  });
  it('titles each step by step type', () => {
    expect(FLOWS[2].map((s) => s.title)).toEqual(['Select a product', 'Create a product', 'Price & details']);
    expect(FLOWS[3].map((s) => s.title)).toEqual(['Create a product', 'Price & details']);
    expect(FLOWS[5].map((s) => s.title)).toEqual(['Price & details']);
    expect(FLOWS[6].map((s) => s.title)).toEqual(['Design']);
    expect(stepTitle(2, 'design')).toBe('Create a product');
    // A saved product opened again is edited, not created; its other steps keep their titles.
    expect(stepTitle(3, 'design', true)).toBe('Edit product');
    expect(stepTitle(3, 'price', true)).toBe('Price & details');
    expect(stepTitle(3, 'price')).toBe('Price & details');
  });
  it('shorter flows drop the first steps', () => {
    expect(flowSteps(2)).toEqual(['select', 'design', 'price']);
    expect(flowSteps(3)).toEqual(['design', 'price']);
    expect(nextStep(2, 'select')).toBe('design');
    expect(nextStep(2, 'price')).toBeNull();
    expect(previousStep(3, 'design')).toBeNull();
    expect(previousStep(2, 'price')).toBe('design');
  });
});

describe('designer entry points in the address', () => {
  it('reads edit, template and design parameters', () => {
    expect(designerOpenFrom(new URLSearchParams('edit=12'))).toEqual({ kind: 'edit', myProductId: 12 });
    expect(designerOpenFrom(new URLSearchParams('template=7'))).toEqual({ kind: 'template', templateId: 7 });
    expect(designerOpenFrom(new URLSearchParams('design=new'))).toEqual({ kind: 'new' });
    expect(designerOpenFrom(new URLSearchParams('design=33'), ['White', 'M'])).toEqual({
      kind: 'product',
      productId: 33,
      selection: ['White', 'M'],
    });
    expect(designerOpenFrom(new URLSearchParams('design=abc'))).toBeNull();
    expect(designerOpenFrom(new URLSearchParams('color=White'))).toBeNull();
  });
  it('closing removes only the designer parameters', () => {
    expect(withoutDesignerParams(new URLSearchParams('color=White&design=3&edit=1')).toString()).toBe('color=White');
  });
});

describe('product step options', () => {
  it("each option needs a value: 'Please select {option name}'", () => {
    expect(optionErrors(options, [[], []])).toEqual(['Please select Color', 'Please select Size']);
    expect(optionErrors(options, [['White'], []])).toEqual([null, 'Please select Size']);
    expect(firstOptionError(options, [['White'], ['M']])).toBeNull();
  });
  it('toggles values keeping the product order', () => {
    let sel = selectionFrom(options, ['Black', null]);
    expect(sel).toEqual([['Black'], []]);
    sel = toggleValue(options, sel, 0, 'White');
    expect(sel[0]).toEqual(['White', 'Black']);
    sel = toggleValue(options, sel, 0, 'Black');
    expect(sel[0]).toEqual(['White']);
  });
  it('chosen colours and sizes make the variants to sell', () => {
    const v = chosenVariants(options, variants, [
      ['White', 'Black'],
      ['M', 'L'],
    ]);
    expect(v.map(variantTitle)).toEqual(['White / M', 'White / L', 'Black / M', 'Black / L']);
    expect(chosenVariants(options, variants, [['White'], []])).toEqual([]);
  });
  it('duplicate colour names get numeric suffixes', () => {
    const colours = chosenColours(options, [['White', 'Red', 'red'], ['S']]);
    expect(colours.map((c) => c.name)).toEqual(['White', 'Red', 'red1']);
    expect(colours.map((c) => c.hex)).toEqual(['#FFFFFF', '#FF0000', '#EE0000']);
  });
});
