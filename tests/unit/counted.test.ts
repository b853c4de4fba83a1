import { describe, expect, it } from 'vitest';
import { counted } from '../../src/text/counted';

describe('counted', () => {
  it('says one thing in the singular and any other count in the plural', () => {
    expect(counted(1, 'item')).toBe('1 item');
    expect(counted(0, 'item')).toBe('0 items');
    expect(counted(12, 'item')).toBe('12 items');
    expect(counted(2, 'category', 'categories')).toBe('2 categories');
  });
});
