import type { AnyStateMachine } from 'xstate';
import { addressBookModel } from './address-book.model.ts';
import { adminEditModel } from './admin-edit.model.ts';
import { adminListModel } from './admin-list.model.ts';
import { afterSaleModel } from './after-sale.model.ts';
import { bookingLifecycleModel } from './booking-lifecycle.model.ts';
import { bookingWindowModel } from './booking-window.model.ts';
import { cartModel } from './cart.model.ts';
import { catalogueListModel } from './catalogue-list.model.ts';
import { checkoutModel } from './checkout.model.ts';
import type { MachineModel } from './coverage.ts';
import { imageUploadModel } from './image-upload.model.ts';
import { messageResendModel } from './message-resend.model.ts';
import { orderLifecycleModel } from './order-lifecycle.model.ts';
import { paymentModel } from './payment.model.ts';
import { pujaWizardModel } from './puja-wizard.model.ts';
import { resourceModel } from './resource.model.ts';
import { sessionModel } from './session.model.ts';
import { staffRecordModel } from './staff-record.model.ts';
import { waitlistSpotModel } from './waitlist-spot.model.ts';
import { waitlistModel } from './waitlist.model.ts';

/**
 * Every machine in machines/ with a statechart, in the order of the coverage table. A new machine
 * gets a `<name>.model.ts` beside these (event fixtures, actor outcomes, inputs, the abstraction of
 * its context) and a line here.
 */
export const machineModels: MachineModel<AnyStateMachine>[] = [
  resourceModel,
  bookingWindowModel,
  sessionModel,
  cartModel,
  checkoutModel,
  paymentModel,
  addressBookModel,
  pujaWizardModel,
  orderLifecycleModel,
  bookingLifecycleModel,
  waitlistModel,
  afterSaleModel,
  catalogueListModel,
  adminListModel,
  staffRecordModel,
  adminEditModel,
  imageUploadModel,
  messageResendModel,
  waitlistSpotModel,
];
