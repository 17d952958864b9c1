import { ProductInput } from '../../../../contract/admin/products.ts';
import { fieldLabels } from '../../../../contract/field-labels.ts';
import { liveEditMachine } from '../../../live/admin.ts';
import { fetchStaffCategories } from '../../../lib/admin/categories.ts';
import { fetchStaffProduct, saveStaffProduct } from '../../../lib/admin/products.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { CatalogueEditFrame, useEditPage } from '../shared/catalogue-edit.tsx';
import type { FieldSpec } from '../parts/form-field.tsx';
import { StockPanel } from './stock-panel.tsx';

const productEditMachine = liveEditMachine(ProductInput, '/admin/products', {
  load: fetchStaffProduct,
  save: saveStaffProduct,
});

export function ProductEditPage({ id }: { id: number | null }) {
  const categories = useResource(fetchStaffCategories);
  const page = useEditPage(productEditMachine, id, {
    name: '',
    description: '',
    price: '',
    offerPrice: '',
    image: '',
    categoryId: '',
  });
  const { edit, record, dirty } = page;
  const specs: FieldSpec[] = [
    { name: 'name', label: fieldLabels.product.name },
    {
      name: 'categoryId',
      label: fieldLabels.product.categoryId,
      kind: 'select',
      // Only a category in the shop takes a product (a retired product may stay in its own).
      options: [
        ['', 'Choose a category'],
        ...(categories.data?.categories ?? [])
          .filter((c) => !c.retiredAt || c.id === record?.categoryId)
          .map((c) => [String(c.id), c.retiredAt ? `${c.name} (retired)` : c.name] as const),
      ],
    },
    { name: 'price', label: fieldLabels.product.price, kind: 'money' },
    {
      name: 'offerPrice',
      label: fieldLabels.product.offerPrice,
      kind: 'money',
      hint: 'What the customer pays; carts re-price when they are next checked.',
    },
    { name: 'image', label: fieldLabels.product.image, kind: 'image', slot: 'product', wide: true },
    { name: 'description', label: fieldLabels.product.description, kind: 'markup' },
  ];
  return (
    <CatalogueEditFrame page={page} name={record?.name} names={['product', 'products']} specs={specs}>
      {id === null && <p className="bo-muted">Save the product first; then receive its stock.</p>}
      {record && typeof record.id === 'number' && <StockPanel id={record.id} dirty={dirty} edit={edit} />}
    </CatalogueEditFrame>
  );
}
