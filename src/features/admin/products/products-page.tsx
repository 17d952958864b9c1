import { Link } from 'wouter';
import { LOW_STOCK_LIMIT } from '../../../../contract/catalogue-display.ts';
import { formatRupees } from '../../../../contract/money.ts';
import { liveListMachine, useStaffList } from '../../../live/admin.ts';
import { fetchStaffCategories } from '../../../lib/admin/categories.ts';
import { fetchStaffProducts } from '../../../lib/admin/products.ts';
import { imageUrl } from '../../../lib/config.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { CatalogueFilters, stateOptions } from '../parts/catalogue-filters.tsx';
import { ListHead, NewLink, PagedTable, Retired, useUrlQuery } from '../parts/list-parts.tsx';

/** The catalogue lists load this many a page (the server's default). */
const PAGE = 50;

const productsMachine = liveListMachine(fetchStaffProducts);

/** The products: by category, low or out of stock, in the shop or retired. */
export function ProductsPage() {
  const list = useStaffList(productsMachine, useUrlQuery());
  const categories = useResource(fetchStaffCategories);
  const { query, data } = list;
  return (
    <>
      <ListHead title="Products" sub="Prices, descriptions and stock; stock changes are kept as a ledger.">
        <NewLink href="/admin/products/new" label="New product" />
      </ListHead>
      <CatalogueFilters
        query={query}
        searchLabel="Name"
        onApply={list.filter}
        selects={[
          {
            name: 'category',
            label: 'Category',
            options: [
              ['', 'All categories'],
              ...(categories.data?.categories ?? []).map(
                (c) => [String(c.id), c.retiredAt ? `${c.name} (retired)` : c.name] as const,
              ),
            ],
          },
          {
            name: 'stock',
            label: 'Stock',
            options: [
              ['', 'Any stock'],
              ['low', 'Low stock'],
              ['out', 'Out of stock'],
            ],
          },
          { name: 'state', label: 'Showing', options: stateOptions },
        ]}
      />
      <PagedTable
        list={list}
        rows={data?.products}
        total={data?.total ?? 0}
        limit={PAGE}
        caption="Products"
        empty="No products match this filter."
        columns={[
          'Product',
          'Category',
          { label: 'M.R.P', num: true },
          { label: 'Price', num: true },
          { label: 'Stock', num: true },
        ]}
        row={(product) => (
          <tr key={product.id}>
            <td>
              <span className="bo-row-name">
                {product.image && <img src={imageUrl(product.image)} alt="" width={40} height={40} />}
                <span>
                  <Link href={`/admin/products/${product.id}`}>{product.name}</Link>{' '}
                  <Retired at={product.retiredAt} />
                </span>
              </span>
            </td>
            <td>{product.category}</td>
            <td className="num">{formatRupees(product.price)}</td>
            <td className="num">{formatRupees(product.offerPrice)}</td>
            <td className={`num${product.stockQuantity <= LOW_STOCK_LIMIT ? ' bo-low' : ''}`}>
              {product.stockQuantity === 0 ? 'Out of stock' : product.stockQuantity}
            </td>
          </tr>
        )}
      />
    </>
  );
}
