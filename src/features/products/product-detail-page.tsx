import { Link, useParams } from 'wouter';
import type { Product } from '../../../contract/catalogue.ts';
import { PRODUCT_SHORT_DESCRIPTION_CUT } from '../../../contract/booking-rules.ts';
import { stockBadge } from '../../../machines/product-catalogue/product-filter.ts';
import { fetchProduct } from '../../lib/catalogue.ts';
import { imageUrl, site } from '../../lib/config.ts';
import { stripHtml, truncate } from '../../lib/format.ts';
import { useResource } from '../../lib/use-resource.ts';
import { Price } from '../../ui/price.tsx';
import { showPlaceholder, StockBadge } from '../../ui/product-card.tsx';
import { Stars } from '../../ui/stars.tsx';
import { ResourceView } from '../../ui/status.tsx';
import './products.css';

/** Catalogue HTML as plain paragraphs: block breaks kept, tags and entities dropped, never injected as HTML. */
function paragraphs(html: string): string[] {
  return html
    .split(/<\/p\s*>|<br\s*\/?>|<\/(?:div|li|h[1-6])\s*>|\n\s*\n/i)
    .map(stripHtml)
    .filter((text) => text !== '');
}

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
      <ResourceView resource={product} loadingLabel="Loading product...">
        {(p) => <ProductView product={p} />}
      </ResourceView>
    </div>
  );
}

function ProductView({ product }: { product: Product }) {
  const description = stripHtml(product.description);
  const discount = discountPercent(product);

  return (
    <>
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link href="/">Home</Link>
          </li>
          <li>
            <Link href="/products">Products</Link>
          </li>
          <li aria-current="page">{product.name}</li>
        </ol>
      </nav>

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

          <div className="product-detail__actions">
            <a
              className="button button--primary button--large"
              href={site.appStoreUrl}
              target="_blank"
              rel="noopener noreferrer"
            >
              Buy Now<span className="visually-hidden"> (opens the app store in a new tab)</span>
            </a>
          </div>
        </div>
      </article>

      <section className="product-description" aria-labelledby="product-description-title">
        <h2 id="product-description-title">Product Description</h2>
        <div className="prose">
          {paragraphs(product.description).map((text, i) => (
            <p key={i}>{text}</p>
          ))}
        </div>
      </section>
    </>
  );
}
