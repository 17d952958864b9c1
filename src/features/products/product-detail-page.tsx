import { useId, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import type { Product } from '../../../contract/catalogue.ts';
import { PRODUCT_SHORT_DESCRIPTION_CUT, stockBadge } from '../../../contract/catalogue-display.ts';
import { selectQuantityOf, selectRoomFor } from '../../../machines/cart/cart.selectors.ts';
import { MAX_QUANTITY_PER_PRODUCT } from '../../../contract/orders.ts';
import { limitOf, limitReason } from '../../../machines/cart/cart.lines.ts';
import { CartContext } from '../../live/cart.tsx';
import { fetchProduct } from '../../lib/catalogue.ts';
import { imageUrl } from '../../lib/config.ts';
import { stripHtml, truncate } from '../../lib/format.ts';
import { useDocumentTitle } from '../../lib/page-title.ts';
import { useResource } from '../../lib/use-resource.ts';
import { Price } from '../../ui/price.tsx';
import { AddToCartButton, showPlaceholder, StockBadge } from '../../ui/product-card.tsx';
import { RichText } from '../../ui/rich-text.tsx';
import { Stars } from '../../ui/stars.tsx';
import { homeLink, NotFound, ResourceView } from '../../ui/status.tsx';
import './products.css';
import { Breadcrumb } from '../../ui/breadcrumb.tsx';

function discountPercent({ price, offerPrice }: Product): number {
  return price > 0 && offerPrice < price ? Math.round(((price - offerPrice) / price) * 100) : 0;
}

/** /productDetails/{id} */
export function ProductDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  // Keyed so another product's route loads that product.
  return <ProductDetail key={id} id={id} />;
}

function ProductDetail({ id }: { id: string }) {
  const product = useResource((signal) => fetchProduct(id, signal));
  return (
    <div className="container page">
      <ResourceView
        resource={product}
        loadingLabel="Loading product..."
        notFound={
          <>
            <Breadcrumb section={{ href: '/products', label: 'Products' }} />
            <NotFound
              title="Product not found"
              text="This product does not exist or is no longer sold."
              links={[{ href: '/products', label: 'See all products' }, homeLink]}
            />
          </>
        }
      >
        {(p) => <ProductView product={p} />}
      </ResourceView>
    </div>
  );
}

function ProductView({ product }: { product: Product }) {
  const description = stripHtml(product.description);
  const discount = discountPercent(product);
  useDocumentTitle(product.name);

  return (
    <>
      <Breadcrumb section={{ href: '/products', label: 'Products' }} current={product.name} />

      <article className="product-detail">
        <div className="product-detail__media">
          <img
            src={imageUrl(product.image)}
            alt={product.name}
            width={800}
            height={600}
            decoding="async"
            onError={showPlaceholder}
          />
        </div>

        <div className="product-detail__info">
          <Link href={`/products/${product.categoryId}`} className="badge product-detail__category">
            {product.category}
          </Link>
          <h1 className="product-detail__name">{product.name}</h1>
          <Stars rating={product.averageRating} reviews={product.totalReviews} />

          <div className="product-detail__price">
            <Price mrpLabel price={product.price} offerPrice={product.offerPrice} />
            {discount > 0 && <span className="product-detail__discount">{discount}% off</span>}
          </div>
          <p className="product-detail__tax">Inclusive of all taxes</p>

          <p className="product-detail__stock">
            {stockBadge(product.stockQuantity) === undefined ? (
              <span className="badge badge--success">In Stock</span>
            ) : (
              <StockBadge stockQuantity={product.stockQuantity} />
            )}
          </p>

          <p className="product-detail__summary">{truncate(description, PRODUCT_SHORT_DESCRIPTION_CUT)}</p>

          <AddToCart product={product} />

          <div className="product-detail__actions">
            <BuyNow product={product} />
          </div>
        </div>
      </article>

      <section className="product-description" aria-labelledby="product-description-title">
        <h2 id="product-description-title">Product Description</h2>
        <RichText html={product.description} />
      </section>
    </>
  );
}

/**
 * Buy Now puts one in the cart (unless the product is already there, so going back and buying again
 * never doubles it) and opens checkout, which sends a visitor to sign in first; out of stock it is
 * disabled (docs/product-rules.md, Routes and pages; Orders).
 */
function BuyNow({ product }: { product: Product }) {
  const cart = CartContext.useActorRef();
  const [, navigate] = useLocation();
  const canAdd = CartContext.useSelector((s) => s.can({ type: 'cart.add', product, quantity: 1 }));
  const inCart = CartContext.useSelector(selectQuantityOf(product.id)) > 0;
  const outOfStock = product.stockQuantity <= 0;
  return (
    <button
      type="button"
      className="button button--primary button--large"
      disabled={outOfStock || (!canAdd && !inCart)}
      onClick={() => {
        if (!inCart && canAdd) cart.send({ type: 'cart.add', product, quantity: 1 });
        navigate('/checkout');
      }}
    >
      Buy Now
    </button>
  );
}

/**
 * Quantity stepper (1 up to the stock not already in the cart) and Add to Cart, with a
 * confirmation and a View Cart link once added. Out of stock, the button says so and is disabled.
 */
function QuantityLimit({ product, room }: { product: Product; room: number }) {
  const reason = limitReason(product);
  return room < limitOf(product) ? `${reason}; you can add ${room} more.` : `${reason}.`;
}

function AddToCart({ product }: { product: Product }) {
  const cart = CartContext.useActorRef();
  const room = CartContext.useSelector(selectRoomFor(product));
  // The box's text as typed (it may be empty for a moment); the quantity is always 1..room.
  const [draft, setDraft] = useState('1');
  // What was asked before the box lowered it to the limit, so the note stays after the box changed
  // ("Lowered from 500 to 10"), until the quantity is changed again.
  const [loweredFrom, setLoweredFrom] = useState<number | null>(null);
  const quantityId = useId();
  const typed = Number.parseInt(draft, 10);
  const quantity = Math.min(Math.max(Number.isNaN(typed) ? 1 : typed, 1), Math.max(room, 1));
  // docs/product-rules.md, Cart, stock and quantities: asking for more than the limit says why.
  const capped = room > 0 && !Number.isNaN(typed) && typed > room;
  const canAdd = CartContext.useSelector((s) => s.can({ type: 'cart.add', product, quantity }));

  if (product.stockQuantity <= 0) {
    return (
      <div className="add-to-cart">
        <button type="button" className="button button--primary button--large" disabled>
          Out of Stock
        </button>
      </div>
    );
  }

  return (
    <div className="add-to-cart">
      {room > 0 ? (
        <div className="quantity-stepper">
          <label htmlFor={quantityId}>Quantity</label>
          <div className="quantity-stepper__controls">
            <button
              type="button"
              className="quantity-stepper__button"
              aria-label="Decrease quantity"
              disabled={quantity <= 1}
              onClick={() => {
                setDraft(String(quantity - 1));
                setLoweredFrom(null);
              }}
            >
              −
            </button>
            <input
              id={quantityId}
              className="quantity-stepper__input"
              type="number"
              inputMode="numeric"
              min={1}
              max={room}
              step={1}
              value={draft}
              onChange={(e) => {
                setDraft(e.target.value);
                setLoweredFrom(null);
              }}
              onBlur={() => {
                if (capped) setLoweredFrom(typed);
                setDraft(String(quantity));
              }}
            />
            <button
              type="button"
              className="quantity-stepper__button"
              aria-label="Increase quantity"
              disabled={quantity >= room}
              onClick={() => {
                setDraft(String(quantity + 1));
                setLoweredFrom(null);
              }}
            >
              +
            </button>
          </div>
          <p className="quantity-stepper__limit" aria-live="polite">
            {capped && <QuantityLimit product={product} room={room} />}
            {!capped && loweredFrom !== null && (
              <>
                Lowered from {loweredFrom} to {quantity}. <QuantityLimit product={product} room={room} />
              </>
            )}
          </p>
        </div>
      ) : (
        <p className="add-to-cart__note">
          {product.stockQuantity <= MAX_QUANTITY_PER_PRODUCT
            ? `All ${product.stockQuantity} in stock are already in your cart.`
            : `At most ${MAX_QUANTITY_PER_PRODUCT} per order, and ${MAX_QUANTITY_PER_PRODUCT} are already in your cart.`}
        </p>
      )}
      <AddToCartButton
        className="button button--primary button--large"
        disabled={!canAdd}
        addedClassName="add-to-cart__added"
        onAdd={() => {
          cart.send({ type: 'cart.add', product, quantity });
          setDraft('1');
          setLoweredFrom(null);
        }}
      />
    </div>
  );
}
