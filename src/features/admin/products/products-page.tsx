import type { AdminProductSummary } from '../../../../contract/admin/products.ts';
import { Link } from 'wouter';
import { LOW_STOCK_LIMIT } from '../../../../contract/catalogue-display.ts';
import { formatRupees } from '../../../../contract/money.ts';
import { liveListMachine, useStaffList } from '../../../live/admin.ts';
import { fetchStaffCategories } from '../../../lib/admin/categories.ts';
import { fetchStaffProducts } from '../../../lib/admin/products.ts';
import { imageUrl } from '../../../lib/config.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { CatalogueFilters, stateOptions } from '../parts/catalogue-filters.tsx';
import { ListHead, NewLink, Retired, useUrlQuery } from '../parts/list-parts.tsx';
import { StaffTable, type Cell } from '../shared/staff-table.tsx';

const productsMachine = liveListMachine(fetchStaffProducts);

/** The table's columns, each with what a row shows in it. */
const productCells: Cell<AdminProductSummary>[] = [
  {
    column: 'Product',
    show: (product) => (
      <span className="bo-row-name">
        {product.image && <img src={imageUrl(product.image)} alt="" width={40} height={40} />}
        <span>
          <Link href={`/admin/products/${product.id}`}>{product.name}</Link>{' '}
          <Retired at={product.retiredAt} />
        </span>
      </span>
    ),
  },
  { column: 'Category', show: (product) => product.category },
  { column: { label: 'M.R.P', num: true }, show: (product) => formatRupees(product.price) },
  { column: { label: 'Price', num: true }, show: (product) => formatRupees(product.offerPrice) },
  {
    column: { label: 'Stock', num: true },
    show: (product) => (product.stockQuantity === 0 ? 'Out of stock' : product.stockQuantity),
    mark: (product) => (product.stockQuantity <= LOW_STOCK_LIMIT ? 'bo-low' : undefined),
  },
];

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
      <StaffTable list={list} noun="products" rows={data?.products} cells={productCells} />
    </>
  );
}
