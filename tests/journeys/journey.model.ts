import { setup, type StateValueFrom } from 'xstate';

/**
 * What a person does in the shop, one event per thing they do with the mouse or keyboard.
 * `*.DuringOutage` events are the same clicks while the API cannot be reached (the runner aborts
 * that one request); `time.bookingCloses` is the clock passing the moment bookings close (the sankalp lock, 12
 * hours before the puja); `time.pujaDue` is the days passing until the booked puja is minutes
 * away (across processes: the booking's date moved nearer in the server's database);
 * `staff.markPerformed` is the shop's staff recording the puja through the staff API;
 * `staff.signIn` is a staff member signing in where the visitor would; `nav.myFamily` is a
 * returning devotee, who saved three family members on an earlier visit, opening My family.
 * `nav.fullDate` is a returning devotee (an address saved) opening a puja date another devotee
 * has just filled (set up through the API: tests/journeys/journey.waitlist.ts);
 * `waitlist.placeFrees` is that booking cancelled through the API, a second devotee having joined
 * the line behind, and the devotee opening My Bookings; `time.offerLapses` is the offer's four
 * hours passing (its deadline moved into the past in the server's database) before the devotee
 * follows its link.
 */
export type JourneyEvent =
  | { type: 'nav.pujas' }
  | { type: 'nav.products' }
  | { type: 'puja.viewOpen' }
  | { type: 'puja.viewClosed' }
  | { type: 'package.book' }
  | { type: 'login.submit' }
  | { type: 'register.open' }
  | { type: 'register.submit' }
  | { type: 'history.back' }
  | { type: 'history.forward' }
  | { type: 'wizard.next' }
  | { type: 'details.complete' }
  | { type: 'address.add' }
  | { type: 'booking.pay' }
  | { type: 'booking.payDuringOutage' }
  | { type: 'time.bookingCloses' }
  | { type: 'time.pujaDue' }
  | { type: 'product.view' }
  | { type: 'cart.add' }
  | { type: 'product.buyNow' }
  | { type: 'cart.open' }
  | { type: 'coupon.applyInvalid' }
  | { type: 'coupon.applyValid' }
  | { type: 'checkout.proceed' }
  | { type: 'order.placeCod' }
  | { type: 'order.placeOnline' }
  | { type: 'order.placeDuringOutage' }
  | { type: 'order.track' }
  | { type: 'order.cancel' }
  | { type: 'booking.viewPage' }
  | { type: 'staff.markPerformed' }
  | { type: 'nav.backOffice' }
  | { type: 'staff.signIn' }
  | { type: 'today.openOrdersToPack' }
  | { type: 'nav.sankalpSheet' }
  | { type: 'nav.myFamily' }
  | { type: 'family.add' }
  | { type: 'family.book' }
  | { type: 'details.fromFamily' }
  | { type: 'details.threeFromFamily' }
  | { type: 'confirmation.viewBooking' }
  | { type: 'booking.cancel' }
  | { type: 'offering.add' }
  | { type: 'calendar.add' }
  | { type: 'gift.choose' }
  | { type: 'gift.fill' }
  | { type: 'nav.myBookings' }
  | { type: 'nav.myMessages' }
  | { type: 'messages.whatsappOn' }
  | { type: 'messages.whatsappOff' }
  | { type: 'nav.fullDate' }
  | { type: 'waitlist.start' }
  | { type: 'waitlist.join' }
  | { type: 'waitlist.placeFrees' }
  | { type: 'offer.payNow' }
  | { type: 'time.offerLapses' }
  | { type: 'booking.changeDate' };

export type JourneyEventType = JourneyEvent['type'];

/**
 * A visitor's journeys through the shop, as the browser tests walk them. Pure states and events:
 * every state is a screen the visitor can see, every event a thing they do.
 *
 * From `home` a visitor either goes to the pujas or to the products.
 *
 * Pujas: the list, then a closed puja (`pujaDetailClosed`: Booking Closed, Book disabled) or an
 * open one. Book while signed out asks to sign in (`bookingSignIn`); signing in, or creating an
 * account on the way (`bookingRegister`, which signs the new customer in at once), resumes the
 * wizard with the package: `bookingDetails` (Next with
 * empty forms shows the messages, `bookingDetailsInvalid`), `bookingAddress` (Next without an
 * address says so in place, `bookingNoAddressAlert`; an added address is chosen,
 * `bookingAddressChosen`), `bookingPayment`; the browser's Back returns to Address
 * (`bookingBackAtAddress`) and Forward to Payment (`bookingPaymentAgain`); then
 * `bookingConfirmed`, `bookingPaymentFailed` when the booking cannot be created (Pay again
 * confirms it), or `bookingClosed` when bookings close (the sankalp lock, 12 hours before the
 * puja) while paying is still to come. After the sale: the booking's page (`bookingOpen`: the
 * names can be corrected and the booking cancelled, since bookings close at the lock), then the
 * puja's time comes (`bookingLocked`: the details are read-only and say why), then staff mark it
 * performed and the page shows the proof (`bookingPerformed`).
 *
 * Products: the list, a product, Buy Now (one in the cart and straight to checkout, which asks
 * a visitor to sign in: `checkoutSignedOut`) or Add to Cart (`productInCart`), the cart (`cartWithItems`), an
 * unknown coupon (`couponRejected`) or WELCOME10 (`couponApplied`), Proceed to Checkout while
 * signed out (`checkoutSignedOut`, the login page), sign in (`checkoutNoAddress`); Place Order
 * without an address (`noAddressError`); an added address (`checkoutReady`); then cash on delivery
 * (`orderConfirmedCod`), online payment (`orderConfirmedOnline`), or an order the API cannot
 * take (`orderFailed`, retried by cash on delivery). A paid order is tracked on its page
 * (`orderTracking`) and cancelled within the hour with a reason: refunded (`orderRefunded`).
 *
 * The back office: /admin asks a visitor to sign in on its own staff form, staying at /admin
 * (`backOfficeSignIn`). A customer who signs in there is told it is not for them (`backOfficeRefused`); staff land on Today
 * (`staffToday`), whose counts lead to their queue (`staffOrdersToPack`, the filter in the
 * address), and whose navigation leads to the day's sankalp sheet (`staffSankalpSheet`).
 *
 * A gift (docs/product-rules.md, Gift a puja): on the wizard's Address step, "Gift this puja"
 * shows the recipient's form instead of the address book (`giftForm`); Next without it says what
 * is missing (`giftFormInvalid`); their address and a prasad-card message filled in, Payment
 * shows both (`giftPayment`); paid (`giftConfirmed`), My Bookings lists it as a gift for them
 * (`giftInMyBookings`).
 *
 * A family of 4 (Family profiles, Chadhava offerings): My family asks a visitor to sign in
 * (`familySignIn`), then lists the three saved members (`familyTab`); the fourth is added with
 * "I don't know my gothra" (`familyOfFour`, Kashyap); Book on a puja's 4-person package
 * (`familyBookingDetails`, one tap per person offered), each slot filled from the family in one
 * tap (`familyDetailsFilled`), an address (`familyBookingAddress`, `familyAddressChosen`),
 * Payment with the offerings, none chosen (`familyPayment`), two lamps added
 * (`familyOfferingChosen`, the amount follows), paid (`familyBookingConfirmed`), the booking's
 * page (`familyBookingPage`) and its .ics (`familyCalendarAdded`). The same package also books
 * three of them (`familyThreeFilled`: a package of 4 takes up to 4 names, the fourth form removed,
 * one nakshatra marked not known), from the confirmation's own link to the booking's page; and
 * a booking cancelled within its hour (`familyBookingCancelled`: the reason asked for in the
 * shop's words, refunded at once, no Add to calendar).
 *
 * A full date (docs/product-rules.md, Waitlist; Rescheduling): the date's page says it is fully
 * booked (`fullDatePage`); Join the waitlist asks to sign in (`waitlistSignIn`), then the wizard
 * as for a booking (`waitlistDetails`, `waitlistAddress` with the saved address chosen) ends at
 * Payment with no Pay button (`waitlistPayment`); joined, number 1 in line (`waitlistJoined`). A
 * place frees: My Bookings shows the place held with its pay-by time and Pay now
 * (`waitlistOffered`). Its link opens Payment with the place held (`offerPayment`), which pays
 * (`offerBooked`: the entry booked); the booking's page (`offerBookingPage`) moves it to the
 * puja's other date with Change date (`bookingDateChanged`: the new date shown, no second move
 * for the customer). Or the deadline passes first: the link says the offer lapsed and the date is
 * full again, held for the next in line (`offerLapsed`).
 *
 * The gift, the family and the full date are lines, not webs: each adds its own states after one branching
 * point, so they add journeys (one per way to the Address step, and one) rather than multiplying
 * the booking's paths (tests/journeys/journey.paths.ts keeps every simple path).
 */
export const journeyMachine = setup({
  types: {
    events: {} as JourneyEvent,
  },
}).createMachine({
  id: 'shopperJourney',
  initial: 'home',
  states: {
    home: {
      on: {
        'nav.pujas': 'pujaList',
        'nav.products': 'productList',
        'nav.backOffice': 'backOfficeSignIn',
        'nav.myFamily': 'familySignIn',
        'nav.fullDate': 'fullDatePage',
      },
    },

    fullDatePage: {
      on: { 'waitlist.start': 'waitlistSignIn' },
    },
    waitlistSignIn: {
      on: { 'login.submit': 'waitlistDetails' },
    },
    waitlistDetails: {
      on: { 'details.complete': 'waitlistAddress' },
    },
    waitlistAddress: {
      on: { 'wizard.next': 'waitlistPayment' },
    },
    waitlistPayment: {
      on: { 'waitlist.join': 'waitlistJoined' },
    },
    waitlistJoined: {
      on: { 'waitlist.placeFrees': 'waitlistOffered' },
    },
    waitlistOffered: {
      on: { 'offer.payNow': 'offerPayment', 'time.offerLapses': 'offerLapsed' },
    },
    offerLapsed: { type: 'final' },
    offerPayment: {
      on: { 'booking.pay': 'offerBooked' },
    },
    offerBooked: {
      on: { 'confirmation.viewBooking': 'offerBookingPage' },
    },
    offerBookingPage: {
      on: { 'booking.changeDate': 'bookingDateChanged' },
    },
    bookingDateChanged: { type: 'final' },

    familySignIn: {
      on: { 'login.submit': 'familyTab' },
    },
    familyTab: {
      on: { 'family.add': 'familyOfFour' },
    },
    familyOfFour: {
      on: { 'family.book': 'familyBookingDetails' },
    },
    familyBookingDetails: {
      on: { 'details.fromFamily': 'familyDetailsFilled', 'details.threeFromFamily': 'familyThreeFilled' },
    },
    familyDetailsFilled: {
      on: { 'wizard.next': 'familyBookingAddress' },
    },
    familyThreeFilled: {
      on: { 'wizard.next': 'familyBookingAddress' },
    },
    familyBookingAddress: {
      on: { 'address.add': 'familyAddressChosen' },
    },
    familyAddressChosen: {
      on: { 'wizard.next': 'familyPayment' },
    },
    familyPayment: {
      on: { 'offering.add': 'familyOfferingChosen' },
    },
    familyOfferingChosen: {
      on: { 'booking.pay': 'familyBookingConfirmed' },
    },
    familyBookingConfirmed: {
      on: { 'confirmation.viewBooking': 'familyBookingPage' },
    },
    familyBookingPage: {
      on: { 'calendar.add': 'familyCalendarAdded', 'booking.cancel': 'familyBookingCancelled' },
    },
    // The devotee then opens My Account, Messages (docs/product-rules.md, Messages to customers,
    // Consent): the booking's confirmation listed; WhatsApp switched on with the ticked box, then off.
    familyCalendarAdded: {
      on: { 'nav.myMessages': 'messagesTab' },
    },
    messagesTab: {
      on: { 'messages.whatsappOn': 'messagesWhatsappOn' },
    },
    messagesWhatsappOn: {
      on: { 'messages.whatsappOff': 'messagesWhatsappOff' },
    },
    messagesWhatsappOff: { type: 'final' },
    familyBookingCancelled: { type: 'final' },

    backOfficeSignIn: {
      on: { 'login.submit': 'backOfficeRefused', 'staff.signIn': 'staffToday' },
    },
    backOfficeRefused: { type: 'final' },
    staffToday: {
      on: { 'today.openOrdersToPack': 'staffOrdersToPack', 'nav.sankalpSheet': 'staffSankalpSheet' },
    },
    staffOrdersToPack: { type: 'final' },
    staffSankalpSheet: { type: 'final' },

    pujaList: {
      on: {
        'puja.viewOpen': 'pujaDetailOpen',
        'puja.viewClosed': 'pujaDetailClosed',
      },
    },
    pujaDetailClosed: { type: 'final' },
    pujaDetailOpen: {
      on: { 'package.book': 'bookingSignIn' },
    },
    bookingSignIn: {
      on: { 'login.submit': 'bookingDetails', 'register.open': 'bookingRegister' },
    },
    bookingRegister: {
      on: { 'register.submit': 'bookingDetails' },
    },
    bookingDetails: {
      on: {
        'wizard.next': 'bookingDetailsInvalid',
        'details.complete': 'bookingAddress',
      },
    },
    bookingDetailsInvalid: {
      on: { 'details.complete': 'bookingAddress' },
    },
    bookingAddress: {
      on: {
        'wizard.next': 'bookingNoAddressAlert',
        'address.add': 'bookingAddressChosen',
        'gift.choose': 'giftForm',
      },
    },
    giftForm: {
      on: { 'wizard.next': 'giftFormInvalid' },
    },
    giftFormInvalid: {
      on: { 'gift.fill': 'giftPayment' },
    },
    giftPayment: {
      on: { 'booking.pay': 'giftConfirmed' },
    },
    giftConfirmed: {
      on: { 'nav.myBookings': 'giftInMyBookings' },
    },
    giftInMyBookings: { type: 'final' },
    bookingNoAddressAlert: {
      on: { 'address.add': 'bookingAddressChosen' },
    },
    bookingAddressChosen: {
      on: { 'wizard.next': 'bookingPayment' },
    },
    bookingPayment: {
      on: {
        'booking.pay': 'bookingConfirmed',
        'booking.payDuringOutage': 'bookingPaymentFailed',
        'time.bookingCloses': 'bookingClosed',
        'history.back': 'bookingBackAtAddress',
      },
    },
    bookingBackAtAddress: {
      on: { 'history.forward': 'bookingPaymentAgain' },
    },
    bookingPaymentAgain: {
      on: { 'booking.pay': 'bookingConfirmed' },
    },
    bookingPaymentFailed: {
      on: { 'booking.pay': 'bookingConfirmed' },
    },
    bookingClosed: { type: 'final' },
    bookingConfirmed: {
      on: { 'booking.viewPage': 'bookingOpen' },
    },
    bookingOpen: {
      on: { 'time.pujaDue': 'bookingLocked' },
    },
    bookingLocked: {
      on: { 'staff.markPerformed': 'bookingPerformed' },
    },
    bookingPerformed: { type: 'final' },

    productList: {
      on: { 'product.view': 'productDetail' },
    },
    productDetail: {
      on: { 'cart.add': 'productInCart', 'product.buyNow': 'checkoutSignedOut' },
    },
    productInCart: {
      on: { 'cart.open': 'cartWithItems' },
    },
    cartWithItems: {
      on: {
        'coupon.applyInvalid': 'couponRejected',
        'coupon.applyValid': 'couponApplied',
        'checkout.proceed': 'checkoutSignedOut',
      },
    },
    couponRejected: {
      on: { 'coupon.applyValid': 'couponApplied' },
    },
    couponApplied: {
      on: { 'checkout.proceed': 'checkoutSignedOut' },
    },
    checkoutSignedOut: {
      on: { 'login.submit': 'checkoutNoAddress' },
    },
    checkoutNoAddress: {
      on: {
        'order.placeCod': 'noAddressError',
        'address.add': 'checkoutReady',
      },
    },
    noAddressError: {
      on: { 'address.add': 'checkoutReady' },
    },
    checkoutReady: {
      on: {
        'order.placeCod': 'orderConfirmedCod',
        'order.placeOnline': 'orderConfirmedOnline',
        'order.placeDuringOutage': 'orderFailed',
      },
    },
    orderFailed: {
      on: { 'order.placeCod': 'orderConfirmedCod' },
    },
    orderConfirmedCod: { type: 'final' },
    orderConfirmedOnline: {
      on: { 'order.track': 'orderTracking' },
    },
    orderTracking: {
      on: { 'order.cancel': 'orderRefunded' },
    },
    orderRefunded: { type: 'final' },
  },
});

/** Every state of the journey model, by name. */
export type JourneyState = StateValueFrom<typeof journeyMachine>;
