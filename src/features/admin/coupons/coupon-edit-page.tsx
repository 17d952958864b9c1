import { useActorRef, useSelector } from '@xstate/react';
import { CouponInput } from '../../../../contract/admin/coupons.ts';
import { fieldLabels } from '../../../../contract/field-labels.ts';
import { selectRecord } from '../../../../machines/admin-edit/admin-edit.selectors.ts';
import { liveEditMachine } from '../../../live/admin.ts';
import { fetchStaffCoupon, saveStaffCoupon } from '../../../lib/admin/coupons.ts';
import { inspectOptions } from '../../../lib/inspector.ts';
import { EditFrame } from '../parts/edit-frame.tsx';
import { textOf, type FieldSpec } from '../parts/form-field.tsx';

const couponEditMachine = liveEditMachine(CouponInput, '/admin/coupons', {
  load: fetchStaffCoupon,
  save: saveStaffCoupon,
});

export function CouponEditPage({ id }: { id: number | null }) {
  const edit = useActorRef(couponEditMachine, {
    input: {
      id,
      draft: {
        code: '',
        kind: 'percent',
        value: 10,
        minSubtotal: 0,
        maxDiscount: null,
        startsAt: null,
        expiresAt: null,
        usageLimit: null,
        perCustomerLimit: 1,
        active: true,
      },
    },
    ...inspectOptions(),
  });
  const record = useSelector(edit, selectRecord);
  const specs: FieldSpec[] = [
    { name: 'code', label: fieldLabels.coupon.code, hint: 'Capital letters and digits, e.g. NAVRATRI15' },
    {
      name: 'kind',
      label: fieldLabels.coupon.kind,
      kind: 'select',
      options: [
        ['percent', 'A percentage off'],
        ['flat', 'An amount off (₹)'],
      ],
    },
    { name: 'value', label: fieldLabels.coupon.value, kind: 'number' },
    { name: 'maxDiscount', label: fieldLabels.coupon.maxDiscount, kind: 'money', optional: true },
    { name: 'minSubtotal', label: fieldLabels.coupon.minSubtotal, kind: 'money' },
    { name: 'active', label: fieldLabels.coupon.active, kind: 'checkbox' },
    { name: 'startsAt', label: fieldLabels.coupon.startsAt, kind: 'datetime', optional: true },
    { name: 'expiresAt', label: fieldLabels.coupon.expiresAt, kind: 'datetime', optional: true },
    { name: 'usageLimit', label: fieldLabels.coupon.usageLimit, kind: 'number', optional: true },
    { name: 'perCustomerLimit', label: fieldLabels.coupon.perCustomerLimit, kind: 'number', optional: true },
  ];
  return (
    <EditFrame
      edit={edit}
      title={id === null ? 'New coupon' : textOf(record?.code, 'Coupon')}
      back={['/admin/coupons', 'Coupons']}
      created="Coupon created"
      specs={specs}
      aside={
        record ? (
          <span className="bo-tag">
            {record.timesUsed === 1 ? 'Used once' : `Used ${textOf(record.timesUsed, '0')} times`}
          </span>
        ) : undefined
      }
    />
  );
}
