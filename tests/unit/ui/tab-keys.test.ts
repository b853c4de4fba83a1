import { describe, expect, it } from 'vitest';
import { steppedTab } from '../../../src/ui/tab-keys';

describe('keyboard movement between tabs', () => {
  it('arrows step and wrap, Home and End jump, other keys do nothing', () => {
    expect(steppedTab('ArrowRight', 0, 3)).toBe(1);
    expect(steppedTab('ArrowRight', 2, 3)).toBe(0);
    expect(steppedTab('ArrowLeft', 0, 3)).toBe(2);
    expect(steppedTab('ArrowDown', 1, 3)).toBe(2);
    expect(steppedTab('ArrowUp', 1, 3)).toBe(0);
    expect(steppedTab('Home', 2, 3)).toBe(0);
    expect(steppedTab('End', 0, 3)).toBe(2);
    expect(steppedTab('Enter', 0, 3)).toBeNull();
    expect(steppedTab('ArrowRight', 0, 0)).toBeNull();
  });
});
