import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import { AdminAstrologerListResponse } from '../../../contract/admin/astrologers.ts';
import { AdminCategoryListResponse } from '../../../contract/admin/categories.ts';
import { AdminProductListResponse } from '../../../contract/admin/products.ts';
import { AdminPujaListResponse } from '../../../contract/admin/pujas.ts';
import {
  AdminCouponListResponse,
  couponStatusLabels,
  type AdminCoupon,
} from '../../../contract/admin/coupons.ts';
import { LOW_STOCK_LIMIT } from '../../../contract/catalogue-display.ts';
import { formatRupees } from '../../../contract/money.ts';
import type { ListQuery } from '../../../machines/admin-list/admin-list.machine.ts';
import {
  selectIsListLoading,
  selectListData,
  selectListError,
  selectQuery,
} from '../../../machines/admin-list/admin-list.selectors.ts';
import { liveListMachine } from '../../live/admin.ts';
import { queryString, staffGet } from '../../lib/admin-api.ts';
import { imageUrl } from '../../lib/config.ts';
import { formatDateTime } from '../../lib/format.ts';
import { inspectOptions } from '../../lib/inspector.ts';
import { useResource } from '../../lib/use-resource.ts';
import { ResourceView } from '../../ui/status.tsx';
import { ListState, Pager } from './queue-parts.tsx';
import { useUrlQuery } from './queue-pages.tsx';

/** The catalogue lists load this many a page (the server's default). */
const PAGE = 50;

const pujasMachine = liveListMachine((query, signal) =>
  staffGet(`/api/admin/pujas${queryString(query)}`, AdminPujaListResponse, signal),
);
const productsMachine = liveListMachine((query, signal) =>
  staffGet(`/api/admin/products${queryString(query)}`, AdminProductListResponse, signal),
);

function ListHead({
  title,
  sub,
  newHref,
  newLabel,
}: {
  title: string;
  sub: string;
  newHref: string;
  newLabel: string;
}) {
  return (
    <div className="bo-head">
      <div>
        <h1>{title}</h1>
        <p className="bo-head__sub">{sub}</p>
      </div>
      <div className="bo-head__actions">
        <Link href={newHref} className="button button--primary">
          {newLabel}
        </Link>
      </div>
    </div>
  );
}

/** A search box and the list's own selects, applied together (Enter or Apply). */
function CatalogueFilters({
  query,
  searchLabel,
  selects,
  onApply,
}: {
  query: ListQuery;
  searchLabel: string;
  selects: readonly {
    name: string;
    label: string;
    options: readonly (readonly [string, string])[];
  }[];
  onApply: (changes: ListQuery) => void;
}) {
  const [q, setQ] = useState(query.q ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ q: q.trim() });
  };
  return (
    <form className="bo-filters" role="search" aria-label="Filter the list" onSubmit={submit}>
      <div className="field field--grow">
        <label htmlFor="bo-q">{searchLabel}</label>
        <input id="bo-q" className="input" type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </div>
      {selects.map((select) => (
        <div className="field" key={select.name}>
          <label htmlFor={`bo-${select.name}`}>{select.label}</label>
          <select
            id={`bo-${select.name}`}
            className="select"
            value={query[select.name] ?? ''}
            onChange={(e) => onApply({ q: q.trim(), [select.name]: e.target.value })}
          >
            {select.options.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <button type="submit" className="button button--primary">
        Search
      </button>
    </form>
  );
}

const stateOptions = [
  ['', 'In the shop'],
  ['retired', 'Retired'],
  ['all', 'All'],
] as const;

function Retired({ at }: { at: string | null }) {
  return at ? <span className="bo-tag">Retired</span> : null;
}

/** The pujas: upcoming or past, in the shop or retired, searched by name or temple. */
export function PujasPage() {
  const ref = useActorRef(pujasMachine, { input: { query: useUrlQuery() }, ...inspectOptions() });
  const query = useSelector(ref, selectQuery);
  const data = useSelector(ref, selectListData) as AdminPujaListResponse | null;
  const loading = useSelector(ref, selectIsListLoading);
  const error = useSelector(ref, selectListError);
  const filter = (changes: ListQuery) => ref.send({ type: 'list.filter', query: { ...query, ...changes } });
  return (
    <>
      <ListHead
        title="Pujas"
        sub="Each date is its own puja: repeat one on a new date when it recurs."
        newHref="/admin/pujas/new"
        newLabel="New puja"
      />
      <CatalogueFilters
        query={query}
        searchLabel="Name or temple"
        onApply={filter}
        selects={[
          {
            name: 'when',
            label: 'Dates',
            options: [
              ['', 'All dates'],
              ['upcoming', 'Upcoming'],
              ['past', 'Past'],
            ],
          },
          { name: 'state', label: 'Showing', options: stateOptions },
        ]}
      />
      <ListState loading={loading} error={error} onRetry={() => ref.send({ type: 'list.retry' })}>
        {data && (
          <>
            <div className="bo-table__wrap">
              <table className="bo-table">
                <caption className="visually-hidden">Pujas</caption>
                <thead>
                  <tr>
                    <th scope="col">Puja</th>
                    <th scope="col">Date</th>
                    <th scope="col" className="num">
                      Packages
                    </th>
                    <th scope="col" className="num">
                      From
                    </th>
                    <th scope="col" className="num">
                      Bookings
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.pujas.map((puja) => (
                    <tr key={puja.id}>
                      <td>
                        <Link href={`/admin/pujas/${puja.id}`}>{puja.pujaName}</Link>{' '}
                        {puja.inDemand && <span className="bo-tag">In demand</span>}{' '}
                        <Retired at={puja.retiredAt} />
                        <div className="bo-muted">{puja.place}</div>
                      </td>
                      <td>{puja.pujaDate ? formatDateTime(puja.pujaDate) : '—'}</td>
                      <td className="num">{puja.packageCount}</td>
                      <td className="num">{puja.fromPrice === null ? '—' : formatRupees(puja.fromPrice)}</td>
                      <td className="num">{puja.bookingCount}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {data.pujas.length === 0 && <p className="bo-empty">No pujas match this filter.</p>}
            </div>
            <Pager
              offset={Number(query.offset ?? 0)}
              shown={data.pujas.length}
              total={data.total}
              limit={PAGE}
              onPage={(offset) => ref.send({ type: 'list.page', offset })}
            />
          </>
        )}
      </ListState>
    </>
  );
}

/** The products: by category, low or out of stock, in the shop or retired. */
export function ProductsPage() {
  const ref = useActorRef(productsMachine, { input: { query: useUrlQuery() }, ...inspectOptions() });
  const categories = useResource((signal) =>
    staffGet('/api/admin/categories', AdminCategoryListResponse, signal),
  );
  const query = useSelector(ref, selectQuery);
  const data = useSelector(ref, selectListData) as AdminProductListResponse | null;
  const loading = useSelector(ref, selectIsListLoading);
  const error = useSelector(ref, selectListError);
  const filter = (changes: ListQuery) => ref.send({ type: 'list.filter', query: { ...query, ...changes } });
  return (
    <>
      <ListHead
        title="Products"
        sub="Prices, descriptions and stock; stock changes are kept as a ledger."
        newHref="/admin/products/new"
        newLabel="New product"
      />
      <CatalogueFilters
        query={query}
        searchLabel="Name"
        onApply={filter}
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
      <ListState loading={loading} error={error} onRetry={() => ref.send({ type: 'list.retry' })}>
        {data && (
          <>
            <div className="bo-table__wrap">
              <table className="bo-table">
                <caption className="visually-hidden">Products</caption>
                <thead>
                  <tr>
                    <th scope="col">Product</th>
                    <th scope="col">Category</th>
                    <th scope="col" className="num">
                      M.R.P
                    </th>
                    <th scope="col" className="num">
                      Price
                    </th>
                    <th scope="col" className="num">
                      Stock
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.products.map((product) => (
                    <tr key={product.id}>
                      <td>
                        <span className="bo-row-name">
                          {product.image && (
                            <img src={imageUrl(product.image)} alt="" width={40} height={40} />
                          )}
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
                  ))}
                </tbody>
              </table>
              {data.products.length === 0 && <p className="bo-empty">No products match this filter.</p>}
            </div>
            <Pager
              offset={Number(query.offset ?? 0)}
              shown={data.products.length}
              total={data.total}
              limit={PAGE}
              onPage={(offset) => ref.send({ type: 'list.page', offset })}
            />
          </>
        )}
      </ListState>
    </>
  );
}

function SimpleTable({
  caption,
  head,
  children,
  empty,
}: {
  caption: string;
  head: ReactNode;
  children: ReactNode;
  empty: boolean;
}) {
  return (
    <div className="bo-table__wrap">
      <table className="bo-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {empty && <p className="bo-empty">None yet.</p>}
    </div>
  );
}

/** The categories, with how many of their products are in the shop; retired ones marked. */
export function CategoriesPage() {
  const list = useResource((signal) => staffGet('/api/admin/categories', AdminCategoryListResponse, signal));
  return (
    <>
      <ListHead
        title="Categories"
        sub="How the shop groups its products."
        newHref="/admin/categories/new"
        newLabel="New category"
      />
      <ResourceView resource={list} loadingLabel="Loading the categories...">
        {({ categories }) => (
          <SimpleTable
            caption="Categories"
            empty={categories.length === 0}
            head={
              <>
                <th scope="col">Category</th>
                <th scope="col">Key</th>
                <th scope="col" className="num">
                  Products in the shop
                </th>
              </>
            }
          >
            {categories.map((category) => (
              <tr key={category.id}>
                <td>
                  <Link href={`/admin/categories/${category.id}`}>{category.name}</Link>{' '}
                  <Retired at={category.retiredAt} />
                </td>
                <td>{category.category}</td>
                <td className="num">{category.productCount}</td>
              </tr>
            ))}
          </SimpleTable>
        )}
      </ResourceView>
    </>
  );
}

/** The astrologers shown in the shop (consultations happen in the mobile app). */
export function AstrologersPage() {
  const list = useResource((signal) =>
    staffGet('/api/admin/astrologers', AdminAstrologerListResponse, signal),
  );
  return (
    <>
      <ListHead
        title="Astrologers"
        sub="Profiles shown in the shop; consultations happen in the mobile app."
        newHref="/admin/astrologers/new"
        newLabel="New astrologer"
      />
      <ResourceView resource={list} loadingLabel="Loading the astrologers...">
        {({ astrologers }) => (
          <SimpleTable
            caption="Astrologers"
            empty={astrologers.length === 0}
            head={
              <>
                <th scope="col">Astrologer</th>
                <th scope="col">Specializations</th>
                <th scope="col" className="num">
                  Experience
                </th>
                <th scope="col" className="num">
                  Rate / min
                </th>
              </>
            }
          >
            {astrologers.map((astrologer) => (
              <tr key={astrologer.id}>
                <td>
                  <Link href={`/admin/astrologers/${astrologer.id}`}>{astrologer.name}</Link>{' '}
                  <Retired at={astrologer.retiredAt} />
                </td>
                <td>{astrologer.specializations.join(', ')}</td>
                <td className="num">{astrologer.experience} yrs</td>
                <td className="num">{formatRupees(astrologer.ratePerMinute)}</td>
              </tr>
            ))}
          </SimpleTable>
        )}
      </ResourceView>
    </>
  );
}

export const couponTerms = (coupon: AdminCoupon) =>
  [
    coupon.kind === 'percent'
      ? `${coupon.value}% off${coupon.maxDiscount !== null ? ` (up to ${formatRupees(coupon.maxDiscount)})` : ''}`
      : `${formatRupees(coupon.value)} off`,
    coupon.minSubtotal > 0 ? `on ${formatRupees(coupon.minSubtotal)} or more` : null,
  ]
    .filter(Boolean)
    .join(' ');

/** Real dates in India's time: a coupon with no start works from its creation. */
const validity = (coupon: AdminCoupon) => {
  const from = formatDateTime(coupon.startsAt ?? coupon.createdAt);
  return coupon.expiresAt ? `${from} – ${formatDateTime(coupon.expiresAt)}` : `From ${from}, no end`;
};

/** The coupons, each with its terms, validity, limits and how many times it was used. */
export function CouponsPage() {
  const list = useResource((signal) => staffGet('/api/admin/coupons', AdminCouponListResponse, signal));
  return (
    <>
      <ListHead
        title="Coupons"
        sub="Percent or flat, with a cap, a minimum, dates and use limits."
        newHref="/admin/coupons/new"
        newLabel="New coupon"
      />
      <ResourceView resource={list} loadingLabel="Loading the coupons...">
        {({ coupons }) => (
          <SimpleTable
            caption="Coupons"
            empty={coupons.length === 0}
            head={
              <>
                <th scope="col">Code</th>
                <th scope="col">Discount</th>
                <th scope="col">Valid</th>
                <th scope="col" className="num">
                  Used
                </th>
                <th scope="col">Limits</th>
                <th scope="col">Status</th>
              </>
            }
          >
            {coupons.map((coupon) => (
              <tr key={coupon.id}>
                <td>
                  <Link href={`/admin/coupons/${coupon.id}`}>{coupon.code}</Link>
                </td>
                <td>{couponTerms(coupon)}</td>
                <td>{validity(coupon)}</td>
                <td className="num">{coupon.timesUsed}</td>
                <td>
                  {coupon.usageLimit === null ? 'No total limit' : `${coupon.usageLimit} in all`}
                  <div className="bo-muted">
                    {coupon.perCustomerLimit === null
                      ? 'Any number per customer'
                      : `${coupon.perCustomerLimit} per customer`}
                  </div>
                </td>
                <td>
                  {coupon.status === 'active' ? (
                    couponStatusLabels.active
                  ) : (
                    <span className="bo-tag">{couponStatusLabels[coupon.status]}</span>
                  )}
                </td>
              </tr>
            ))}
          </SimpleTable>
        )}
      </ResourceView>
    </>
  );
}
