import { Link } from 'wouter';
import { useResource } from '../../../lib/use-resource.ts';
import { fetchStaffCategories } from '../../../lib/admin/categories.ts';
import { ResourceView } from '../../../ui/status.tsx';
import { ListHead, NewLink, RecordTable, Retired } from '../parts/list-parts.tsx';

/** The categories, with how many of their products are in the shop; retired ones marked. */
export function CategoriesPage() {
  const list = useResource(fetchStaffCategories);
  return (
    <>
      <ListHead title="Categories" sub="How the shop groups its products.">
        <NewLink href="/admin/categories/new" label="New category" />
      </ListHead>
      <ResourceView resource={list} loadingLabel="Loading the categories...">
        {({ categories }) => (
          <RecordTable
            caption="Categories"
            empty={categories.length === 0 ? 'None yet.' : null}
            columns={['Category', 'Key', { label: 'Products in the shop', num: true }]}
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
          </RecordTable>
        )}
      </ResourceView>
    </>
  );
}
