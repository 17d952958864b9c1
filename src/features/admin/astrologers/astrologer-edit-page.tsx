import { AstrologerInput } from '../../../../contract/admin/astrologers.ts';
import { fieldLabels } from '../../../../contract/field-labels.ts';
import { liveEditMachine } from '../../../live/admin.ts';
import {
  fetchStaffAstrologer,
  retireStaffAstrologer,
  saveStaffAstrologer,
} from '../../../lib/admin/astrologers.ts';
import { CatalogueEditFrame, useEditPage } from '../shared/catalogue-edit.tsx';
import type { FieldSpec } from '../parts/form-field.tsx';
import { liveRetireMachine, RetirePanel } from '../parts/retire-panel.tsx';

const astrologerEditMachine = liveEditMachine(AstrologerInput, '/admin/astrologers', {
  load: fetchStaffAstrologer,
  save: saveStaffAstrologer,
});

const astrologerRetireMachine = liveRetireMachine(fetchStaffAstrologer, retireStaffAstrologer);

export function AstrologerEditPage({ id }: { id: number | null }) {
  const page = useEditPage(astrologerEditMachine, id, {
    name: '',
    photo: '',
    specializations: [],
    experience: '',
    ratePerMinute: '',
    bio: '',
  });
  const { edit, record, dirty } = page;
  const specs: FieldSpec[] = [
    { name: 'name', label: fieldLabels.astrologer.name },
    {
      name: 'specializations',
      label: fieldLabels.astrologer.specializations,
      kind: 'list',
      hint: 'Separated by commas: Vedic, Numerology',
    },
    { name: 'experience', label: fieldLabels.astrologer.experience, kind: 'number' },
    { name: 'ratePerMinute', label: fieldLabels.astrologer.ratePerMinute, kind: 'money' },
    { name: 'photo', label: fieldLabels.astrologer.photo, kind: 'image', slot: 'astrologer', wide: true },
    { name: 'bio', label: fieldLabels.astrologer.bio, kind: 'markup' },
  ];
  return (
    <CatalogueEditFrame page={page} name={record?.name} names={['astrologer', 'astrologers']} specs={specs}>
      {record && typeof record.id === 'number' && (
        <RetirePanel
          id={record.id}
          dirty={dirty}
          edit={edit}
          machine={astrologerRetireMachine}
          noun="astrologer"
          retireText="Their profile leaves the shop’s list of astrologers."
          restoreText="Their profile is back in the shop’s list of astrologers."
        />
      )}
    </CatalogueEditFrame>
  );
}
