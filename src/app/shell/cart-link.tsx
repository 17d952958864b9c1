import { countOf } from '../../lib/format.ts';
import { Link, useLocation } from 'wouter';
import { selectItemCount } from '../../../machines/cart/cart.selectors.ts';
import { CartContext } from '../../live/cart.tsx';
import './cart-link.css';

const itemsLabel = (count: number) => countOf(count, 'item');

/** The header's cart link with the number of units in the cart; the only part of the shell that follows the cart. */
export function CartLink() {
  const count = CartContext.useSelector(selectItemCount);
  const [location] = useLocation();
  return (
    <Link
      href="/cart"
      className="cart-link"
      aria-label={`Cart, ${itemsLabel(count)}`}
      aria-current={location === '/cart' ? 'page' : undefined}
    >
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
        <path
          d="M3 4h2l2.4 10.2a1.5 1.5 0 0 0 1.5 1.1h8.6a1.5 1.5 0 0 0 1.4-1.1L21 8H6.2"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="9.5" cy="19.5" r="1.5" fill="currentColor" />
        <circle cx="17" cy="19.5" r="1.5" fill="currentColor" />
      </svg>
      {count > 0 && (
        <span className="cart-link__count" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
