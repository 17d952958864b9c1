import { formatRupees } from '../../contract/money.ts';

/** List price struck through beside the selling price, both in rupees with separators. */
export function Price({
  price,
  offerPrice,
  mrpLabel = false,
}: {
  price: number;
  offerPrice: number;
  mrpLabel?: boolean;
}) {
  const discounted = offerPrice < price;
  return (
    <span className="price">
      <span className="price__offer">{formatRupees(offerPrice)}</span>
      {discounted && (
        <>
          {' '}
          <s className="price__list">
            <span className="visually-hidden">List price </span>
            {mrpLabel ? 'M.R.P ' : ''}
            {formatRupees(price)}
          </s>
        </>
      )}
    </span>
  );
}
