import { placesBadge, stockBadge } from '../../contract/catalogue-display.ts';

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

describe('placesBadge (docs/product-rules.md, Places at the temple)', () => {
  it.each([
    [null, undefined],
    [500, undefined],
    [21, undefined],
    [20, '20 places left'],
    [2, '2 places left'],
    [1, '1 place left'],
    [0, 'Fully booked'],
  ])('%s places left -> %s', (placesLeft, badge) => {
    expect(placesBadge(placesLeft)).toBe(badge);
  });
});
