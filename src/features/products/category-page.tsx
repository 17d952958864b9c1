import { Link } from 'wouter';
import { fetchCategories } from '../../lib/catalogue.ts';
import { useResource } from '../../lib/use-resource.ts';
import { CategoryCard } from '../../ui/product-card.tsx';
import { ResourceView } from '../../ui/status.tsx';
import './products.css';

/** /productCategory: every category, each opening the product list filtered by it. */
export function CategoryPage() {
  const categories = useResource(fetchCategories);
  return (
    <>
      <section className="hero">
        <div className="container">
          <h1>Shop by Category</h1>
          <p>Sacred products chosen for your daily worship and special occasions.</p>
        </div>
      </section>
      <div className="container page">
        {/* A failure shows a banner with Retry rather than an endless spinner (docs/product-rules.md, Catalogue display). */}
        <ResourceView resource={categories} loadingLabel="Loading categories...">
          {(list) =>
            list.length === 0 ? (
              <p className="empty-state">No categories yet.</p>
            ) : (
              <ul className="grid grid--4 category-grid" role="list">
                {list.map((category) => (
                  <li key={category.id}>
                    <CategoryCard category={category} headingLevel="h2" />
                  </li>
                ))}
              </ul>
            )
          }
        </ResourceView>
        <p className="category-page__all">
          <Link href="/products" className="button">
            View All Products
          </Link>
        </p>
      </div>
    </>
  );
}
