import type { AdminCategory } from '../../../../contract/admin/categories.ts';
import { fetchStaffCategories } from '../../../lib/admin/categories.ts';
import { RecordName, type Column } from '../parts/list-parts.tsx';
import { WholeList } from '../parts/whole-list.tsx';

const columns: Column[] = ['Category', 'Key', { label: 'Products in the shop', num: true }];

const row = (category: AdminCategory) => (
  <tr key={category.id}>
    <td>
      <RecordName of="categories" record={category} />
    </td>
    <td>{category.category}</td>
    <td className="num">{category.productCount}</td>
  </tr>
);

/** The categories, with how many of their products are in the shop; retired ones marked. */
export function CategoriesPage() {
  return <WholeList of="categories" load={fetchStaffCategories} columns={columns} row={row} />;
}
