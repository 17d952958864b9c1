import { useSelector } from '@xstate/react';
import { memo, useState, type SyntheticEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { Link } from 'wouter';
import type { Category, Product } from '../../contract/catalogue.ts';
import { stockBadge } from '../../contract/catalogue-display.ts';
import type { cartMachine } from '../../machines/cart/cart.machine.ts';
import { imageUrl } from '../lib/config.ts';
import { Price } from './price.tsx';
import { Stars } from './stars.tsx';

type HeadingLevel = 'h2' | 'h3' | 'h4';

/** The app's root cart actor, handed in by the page (src/ui does not reach into src/app). */
export type CartActorRef = ActorRefFrom<typeof cartMachine>;

/** Swaps a broken catalogue image for the placeholder, once. */
export function showPlaceholder(event: SyntheticEvent<HTMLImageElement>) {
  const img = event.currentTarget;
  const placeholder = imageUrl('/images/placeholder.svg');
  if (img.getAttribute('src') !== placeholder) img.src = placeholder;
}

/** A catalogue image (its path from the API), loaded lazily, the placeholder if it breaks. */
export function CatalogueImage({
  path,
  size: [width, height],
  ...rest
}: {
  path: string;
  alt: string;
  className: string;
  size: [number, number];
}) {
  return (
    <img
      {...rest}
      src={imageUrl(path)}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      onError={showPlaceholder}
    />
  );
}

/** The badge for low or no stock, coloured by urgency; nothing when stock is comfortable. */
export function StockBadge({ stockQuantity }: { stockQuantity: number }) {
  const label = stockBadge(stockQuantity);
  if (!label) return null;
  return <span className={`badge ${stockQuantity <= 0 ? 'badge--danger' : 'badge--warning'}`}>{label}</span>;
}

/**
 * Adds one unit to the cart. Disabled when the product is out of stock, or when the cart
 * already holds all of it (the machine's guard decides). Says so once added.
 */
function CardAddToCart({ product, cart }: { product: Product; cart: CartActorRef }) {
  const canAdd = useSelector(cart, (s) => s.can({ type: 'cart.add', product, quantity: 1 }));
  return (
    <AddToCartButton
      className="button button--small button--primary product-card__add"
      label={`Add to Cart: ${product.name}`}
      disabled={!canAdd}
      addedClassName="product-card__added"
      onAdd={() => cart.send({ type: 'cart.add', product, quantity: 1 })}
    />
  );
}

/** "Add to Cart", and once pressed, a note that it was added with a link to the cart. */
export function AddToCartButton({
  className,
  label,
  disabled,
  addedClassName,
  onAdd,
}: {
  className: string;
  label?: string;
  disabled: boolean;
  addedClassName: string;
  onAdd: () => void;
}) {
  const [added, setAdded] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={label}
        disabled={disabled}
        onClick={() => {
          onAdd();
          setAdded(true);
        }}
      >
        Add to Cart
      </button>
      {added && (
        <p className={addedClassName} role="status">
          Added to cart. <Link href="/cart">View Cart</Link>
        </p>
      )}
    </>
  );
}

/** A product in a grid: image, category, name, rating, M.R.P and selling price, stock, View Details, Add to Cart. */
export const ProductCard = memo(function ProductCard({
  product,
  cart,
  headingLevel: Heading = 'h3',
}: {
  product: Product;
  /** The cart the Add to Cart button sends to. */
  cart: CartActorRef;
  headingLevel?: HeadingLevel;
}) {
  const href = `/productDetails/${product.id}`;
  const titleId = `product-card-${product.id}-title`;
  return (
    <article className="card product-card" aria-labelledby={titleId}>
      <CatalogueImage className="card__media" path={product.image} alt={product.name} size={[400, 300]} />
      <div className="card__body">
        <div className="product-card__badges">
          <span className="badge">{product.category}</span>
          <StockBadge stockQuantity={product.stockQuantity} />
        </div>
        <Heading className="card__title" id={titleId}>
          <Link href={href} className="product-card__name">
            {product.name}
          </Link>
        </Heading>
        {/* Ratings on cards too, as on the product page (docs/product-rules.md, Money and dates). */}
        {product.totalReviews > 0 && <Stars rating={product.averageRating} reviews={product.totalReviews} />}
        <Price mrpLabel price={product.price} offerPrice={product.offerPrice} />
        <Link
          href={href}
          className="button button--small product-card__cta"
          aria-label={`View Details of ${product.name}`}
        >
          View Details
        </Link>
        <CardAddToCart product={product} cart={cart} />
      </div>
    </article>
  );
});

/** A category tile linking to the product list filtered by it. */
export const CategoryCard = memo(function CategoryCard({
  category,
  headingLevel: Heading = 'h3',
}: {
  category: Category;
  headingLevel?: HeadingLevel;
}) {
  return (
    <Link href={`/products/${category.id}`} className="card category-card">
      <CatalogueImage className="card__media" path={category.imgUrl} alt={category.name} size={[400, 300]} />
      <div className="card__body">
        <Heading className="card__title">{category.category}</Heading>
      </div>
    </Link>
  );
});
