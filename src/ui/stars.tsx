import { countOf } from '../lib/format.ts';

/** Fills for five stars: a half star when the fractional part is at least .5 (docs/product-rules.md, Money and dates). */
export function starFills(rating: number): Array<'full' | 'half' | 'empty'> {
  const clamped = Math.max(0, Math.min(5, rating));
  const whole = Math.floor(clamped);
  const half = clamped - whole >= 0.5;
  return Array.from({ length: 5 }, (_, i) => (i < whole ? 'full' : i === whole && half ? 'half' : 'empty'));
}

export function Stars({ rating, reviews }: { rating: number; reviews?: number }) {
  return (
    <span className="stars">
      <span className="stars__icons" role="img" aria-label={`Rated ${rating.toFixed(1)} out of 5`}>
        {starFills(rating).map((fill, i) => (
          <span key={i} className={`star star--${fill}`} aria-hidden="true">
            ★
          </span>
        ))}
      </span>
      <span className="stars__value">{rating.toFixed(1)}</span>
      {reviews !== undefined && <span className="stars__reviews">({countOf(reviews, 'review')})</span>}
    </span>
  );
}
