import { stockBadge } from '../../contract/catalogue-display.ts';

describe('stockBadge', () => {
  it.each([
    [0, 'Out of Stock'],
    [-1, 'Out of Stock'],
    [1, 'Only 1 left'],
    [5, 'Only 5 left'],
    [6, undefined],
    [40, undefined],
  ])('stock %i -> %s', (stock, badge) => {
    expect(stockBadge(stock)).toBe(badge);
  });
});
