import { formatRupees } from '../../contract/money.ts';

describe('formatRupees', () => {
  it('writes whole rupees with the sign and Indian digit grouping', () => {
    expect(formatRupees(0)).toBe('₹0');
    expect(formatRupees(851)).toBe('₹851');
    expect(formatRupees(12500)).toBe('₹12,500');
    expect(formatRupees(125000)).toBe('₹1,25,000');
    expect(formatRupees(124062)).toBe('₹1,24,062');
  });
});
