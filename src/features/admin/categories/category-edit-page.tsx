import { CategoryInput } from '../../../../contract/admin/categories.ts';
import { fieldLabels } from '../../../../contract/field-labels.ts';
import { liveEditMachine } from '../../../live/admin.ts';
import { fetchStaffCategory, retireStaffCategory, saveStaffCategory } from '../../../lib/admin/categories.ts';
import { CatalogueEditFrame, useEditPage } from '../shared/catalogue-edit.tsx';
import type { FieldSpec } from '../parts/form-field.tsx';
import { liveRetireMachine, RetirePanel } from '../parts/retire-panel.tsx';

const categoryEditMachine = liveEditMachine(CategoryInput, '/admin/categories', {
  load: fetchStaffCategory,
  save: saveStaffCategory,
});

const categoryRetireMachine = liveRetireMachine(fetchStaffCategory, retireStaffCategory);

export function CategoryEditPage({ id }: { id: number | null }) {
  const page = useEditPage(categoryEditMachine, id, {
    name: '',
    category: '',
    imgUrl: '',
  });
  const { edit, record, dirty } = page;
  const specs: FieldSpec[] = [
    { name: 'name', label: fieldLabels.category.name },
    {
      name: 'category',
      label: fieldLabels.category.category,
      hint: 'Lower-case words and dashes, used in the shop’s addresses (e.g. “rudraksha-malas”).',
    },
    { name: 'imgUrl', label: fieldLabels.category.imgUrl, kind: 'image', slot: 'category', wide: true },
  ];
  return (
    <CatalogueEditFrame page={page} name={record?.name} names={['category', 'categories']} specs={specs}>
      {record && typeof record.id === 'number' && (
        <RetirePanel
          id={record.id}
          dirty={dirty}
          edit={edit}
          machine={categoryRetireMachine}
          noun="category"
          status={({ productCount: count }) =>
            `${count} ${count === 1 ? 'product' : 'products'} in the shop.`
          }
          retireText="It leaves the shop’s categories. Only a category with none of its products in the shop can be retired: move them to another category or retire them first."
          restoreText="It is back in the shop’s categories. Its retired products stay retired until you restore them."
        />
      )}
    </CatalogueEditFrame>
  );
}
