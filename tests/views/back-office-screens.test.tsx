/**
 * More of the back office through what a person sees (docs/product-rules.md, Roles and the back
 * office), over the real API app and a fresh database: a coupon made in its form and its use
 * counted, the categories (retiring one refused while its products are in the shop, then done
 * for an empty one) and the astrologers, the CSV export holding exactly what the queue's filter
 * shows, the image field (a non-image refused, by the browser's word or by the server's
 * sniffing; a PNG accepted and resized), an admin removing a staff member, and the devotees'
 * dates of birth written as the shop writes dates (src/lib/format.ts).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import sharp from 'sharp';
import * as v from 'valibot';
import { AdminAstrologerListResponse } from '../../contract/admin/astrologers.ts';
import { catalogueMessages } from '../../contract/admin/catalogue-fields.ts';
import { AdminCategoryListResponse } from '../../contract/admin/categories.ts';
import { AdminCouponListResponse } from '../../contract/admin/coupons.ts';
import { StaffListResponse } from '../../contract/admin/staff.ts';
import { lifecycleMessages } from '../../contract/lifecycle.ts';
import { imageUploadMessages } from '../../machines/image-upload/image-upload.machine.ts';
import { createStaffAccount } from '../../server/admin-create.ts';
import { site } from '../../src/lib/config.ts';
import { call } from '../support/accounts.ts';
import {
  book,
  bookingEvent,
  DAY,
  HOUR,
  orderEvent,
  placeOrder,
  moveBookingTo,
  pujaOn,
  uploadPhoto,
} from '../support/lifecycle.ts';
import { send } from '../support/orders.ts';
import { renderAppAs, renderAppAt } from '../support/render-app.tsx';
import { signInAs } from '../support/session.ts';
import { lifecycleScreens } from '../support/prelude.ts';

const PAGE = { timeout: 8000 };

const { shop, net } = lifecycleScreens();

const route = () => window.location.hash.slice(1);
/** A link of the back office's navigation (the pages' breadcrumbs name the same places). */
const navLink = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Back office' })).getByRole('link', { name });
/** What the edit form's save bar says ("Saved", "No changes", "Coupon created"). */
const saveBarState = () => document.querySelector<HTMLElement>('.bo-savebar [role="status"]');
const staffGet = async <S extends v.GenericSchema>(path: string, schema: S) =>
  v.parse(schema, (await call(shop.app, 'GET', path, { token: shop.staff.token })).body);
const shopCategoryIds = async () =>
  ((await call(shop.app, 'GET', '/categories')).body as { categories: { id: number }[] }).categories.map(
    (c) => c.id,
  );

describe('coupons', () => {
  it('creates a coupon in its form, and the list counts each order that used it', async () => {
    const user = userEvent.setup();
    renderAppAs(shop.staff.token, '/admin/coupons');
    await screen.findByRole('heading', { level: 1, name: 'Coupons' }, PAGE);
    await user.click(screen.getByRole('link', { name: 'New coupon' }));
    await screen.findByRole('heading', { level: 1, name: 'New coupon' }, PAGE);
    await user.type(screen.getByLabelText('Code'), 'diwali25');
    const value = screen.getByLabelText('Percentage or amount');
    await user.clear(value);
    await user.type(value, '25');
    await user.type(screen.getByLabelText('Cap for a percentage (₹, optional)'), '200');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    // Saved: it opens at its own address, used 0 times.
    await screen.findByRole('heading', { level: 1, name: 'DIWALI25' }, PAGE);
    await waitFor(() => expect(route()).toMatch(/^\/admin\/coupons\/\d+$/), PAGE);
    // The save bar says what just happened, not "No changes" (issue 23).
    expect(saveBarState()).toHaveTextContent(/^Coupon created$/);
    expect(screen.getByText('Used 0 times')).toBeInTheDocument();
    const { coupons } = await staffGet('/api/admin/coupons', AdminCouponListResponse);
    expect(coupons.find((c) => c.code === 'DIWALI25')).toMatchObject({
      kind: 'percent',
      value: 25,
      maxDiscount: 200,
      perCustomerLimit: 1,
      active: true,
      timesUsed: 0,
    });

    // A customer's order uses it.
    const order = await send(shop.app, 'POST', '/api/orders', {
      token: shop.me.token,
      json: {
        address_id: shop.myAddressId,
        items: [{ product_id: shop.productId, quantity: 2 }],
        payment_method: 'cod',
        coupon_code: 'DIWALI25',
      },
    });
    expect(order.status, JSON.stringify(order.body)).toBe(201);

    await user.click(navLink('Coupons'));
    const table = await screen.findByRole('table', { name: 'Coupons' }, PAGE);
    const row = within(table).getByRole('row', { name: /DIWALI25/ });
    expect(row).toHaveTextContent('25% off (up to ₹200)');
    const used = within(table)
      .getAllByRole('columnheader')
      .findIndex((th) => th.textContent === 'Used');
    expect(within(row).getAllByRole('cell')[used]).toHaveTextContent(/^1$/);
    await user.click(within(row).getByRole('link', { name: 'DIWALI25' }));
    expect(await screen.findByText('Used once', {}, PAGE)).toBeInTheDocument();
    // Opened again later, nothing was just created.
    expect(saveBarState()).toHaveTextContent(/^No changes$/);
  });
});

describe('categories and their images', () => {
  const png = async (width: number) =>
    new File(
      [
        new Uint8Array(
          await sharp({ create: { width, height: width, channels: 3, background: '#9a3412' } })
            .png()
            .toBuffer(),
        ),
      ],
      'lamps.png',
      { type: 'image/png' },
    );

  it('refuses a non-image in the image field (by its type, and by its bytes), accepts a PNG, and saves the new category', async () => {
    // The browser's own filter (the input's accept) is off, as a person can pick "All files".
    const user = userEvent.setup({ applyAccept: false });
    renderAppAs(shop.staff.token, '/admin/categories/new');
    await screen.findByRole('heading', { level: 1, name: 'New category' }, PAGE);
    await user.type(screen.getByLabelText('Name'), 'Brass Lamps');
    await user.type(screen.getByLabelText('Key'), 'brass-lamps');
    const field = screen.getByLabelText('Image');

    // An SVG is refused at once by its type; nothing is sent.
    const uploadsBefore = net.requests.filter((p) => p === '/api/uploads').length;
    await user.upload(
      field,
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'x.svg', { type: 'image/svg+xml' }),
    );
    expect(await screen.findByText(imageUploadMessages.notAPhoto, {}, PAGE)).toBeInTheDocument();
    expect(net.requests.filter((p) => p === '/api/uploads').length).toBe(uploadsBefore);

    // A page of HTML calling itself a PNG: the server reads the bytes and refuses it.
    await user.upload(
      field,
      new File(['<!doctype html><script>alert(1)</script>'], 'photo.png', { type: 'image/png' }),
    );
    // Said as a catalogue image's field says it: a photo, not the proof uploads' "or a video".
    expect(await screen.findByText(catalogueMessages.imageNotImage, {}, PAGE)).toBeInTheDocument();
    expect(screen.queryByText(lifecycleMessages.notAMedia)).toBeNull();
    expect(screen.getByText('No image yet')).toBeInTheDocument();

    // A real PNG: uploaded, resized for the category's slot, shown.
    await user.upload(field, await png(400));
    await waitFor(
      () =>
        expect(screen.getByText('JPEG, PNG or WebP, up to 5 MB; resized for the shop.')).toBeInTheDocument(),
      PAGE,
    );
    const preview = document.querySelector<HTMLImageElement>('.bo-image img');
    expect(preview?.getAttribute('src')).toMatch(/\/images\/catalogue\/[\w-]+\.webp$/);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('heading', { level: 1, name: 'Brass Lamps' }, PAGE);
    const { categories } = await staffGet('/api/admin/categories', AdminCategoryListResponse);
    const made = categories.find((c) => c.category === 'brass-lamps')!;
    expect(made.imgUrl).toBe(new URL(preview!.src).pathname);
    expect(await shopCategoryIds()).toContain(made.id);
  });

  it('lists the categories with their products in the shop; retiring one with products is refused in the dialog, an empty one is retired and restored', async () => {
    const user = userEvent.setup();
    const { categories } = await staffGet('/api/admin/categories', AdminCategoryListResponse);
    const full = categories.find((c) => c.productCount > 0)!;
    const empty = categories.find((c) => c.category === 'brass-lamps')!;
    renderAppAs(shop.staff.token, '/admin/categories');
    const table = await screen.findByRole('table', { name: 'Categories' }, PAGE);
    expect(within(table).getAllByRole('row')).toHaveLength(categories.length + 1);
    expect(within(table).getByRole('row', { name: new RegExp(full.name) })).toHaveTextContent(
      String(full.productCount),
    );

    // With products in the shop: the server's refusal is shown in the dialog, nothing changes.
    await user.click(within(table).getByRole('link', { name: full.name }));
    await screen.findByRole('heading', { level: 1, name: full.name }, PAGE);
    const shopPanel = await screen.findByRole('region', { name: 'In the shop' }, PAGE);
    expect(shopPanel).toHaveTextContent(`In the shop. ${full.productCount} products in the shop.`);
    await user.click(within(shopPanel).getByRole('button', { name: 'Retire from the shop' }));
    const refuse = await screen.findByRole('dialog', { name: 'Retire this category?' });
    await user.click(within(refuse).getByRole('button', { name: 'Retire' }));
    expect(await within(refuse).findByRole('alert', {}, PAGE)).toHaveTextContent(
      `${full.productCount} products are still in the shop in this category: move them to another category or retire them first.`,
    );
    await user.click(within(refuse).getByRole('button', { name: 'Close' }));
    expect(await shopCategoryIds()).toContain(full.id);

    // The empty one: retired, then marked so in the list and gone from the shop.
    await user.click(navLink('Categories'));
    await user.click(
      within(await screen.findByRole('table', { name: 'Categories' }, PAGE)).getByRole('link', {
        name: empty.name,
      }),
    );
    await screen.findByRole('heading', { level: 1, name: empty.name }, PAGE);
    const panel = await screen.findByRole('region', { name: 'In the shop' }, PAGE);
    await user.click(within(panel).getByRole('button', { name: 'Retire from the shop' }));
    const retire = await screen.findByRole('dialog', { name: 'Retire this category?' });
    await user.click(within(retire).getByRole('button', { name: 'Retire' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), PAGE);
    expect(within(panel).getByRole('status')).toHaveTextContent(/^Retired .*: not in the shop\./);
    expect(await shopCategoryIds()).not.toContain(empty.id);
    await user.click(navLink('Categories'));
    const after = await screen.findByRole('table', { name: 'Categories' }, PAGE);
    expect(within(after).getByRole('row', { name: new RegExp(empty.name) })).toHaveTextContent('Retired');
    expect(within(after).getByRole('row', { name: new RegExp(full.name) })).not.toHaveTextContent('Retired');

    // Restored.
    await user.click(within(after).getByRole('link', { name: empty.name }));
    const again = await screen.findByRole('region', { name: 'In the shop' }, PAGE);
    await user.click(await within(again).findByRole('button', { name: 'Restore to the shop' }, PAGE));
    const restore = await screen.findByRole('dialog', { name: 'Restore this category?' });
    await user.click(within(restore).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(within(again).getByRole('status')).toHaveTextContent(/^In the shop\./), PAGE);
    expect(await shopCategoryIds()).toContain(empty.id);
  });
});

describe('astrologers', () => {
  it('lists the astrologers with their specializations, experience and rate; one retired leaves the shop', async () => {
    const user = userEvent.setup();
    const { astrologers } = await staffGet('/api/admin/astrologers', AdminAstrologerListResponse);
    const first = astrologers[0]!;
    renderAppAs(shop.staff.token, '/admin/astrologers');
    const table = await screen.findByRole('table', { name: 'Astrologers' }, PAGE);
    expect(within(table).getAllByRole('row')).toHaveLength(astrologers.length + 1);
    const row = within(table).getByRole('row', { name: new RegExp(first.name) });
    expect(row).toHaveTextContent(first.specializations.join(', '));
    expect(row).toHaveTextContent(`${first.experience} yrs`);
    expect(row).not.toHaveTextContent('Retired');

    await user.click(within(row).getByRole('link', { name: first.name }));
    await screen.findByRole('heading', { level: 1, name: first.name }, PAGE);
    const panel = await screen.findByRole('region', { name: 'In the shop' }, PAGE);
    await user.click(within(panel).getByRole('button', { name: 'Retire from the shop' }));
    const retire = await screen.findByRole('dialog', { name: 'Retire this astrologer?' });
    await user.click(within(retire).getByRole('button', { name: 'Retire' }));
    await waitFor(() => expect(within(panel).getByRole('status')).toHaveTextContent(/^Retired /), PAGE);
    const inShop = (await call(shop.app, 'GET', '/astrologers/getAllAstrologersWeb')).body as {
      id: number;
    }[];
    expect(inShop.map((a) => a.id)).not.toContain(first.id);
    await user.click(navLink('Astrologers'));
    const after = await screen.findByRole('table', { name: 'Astrologers' }, PAGE);
    expect(within(after).getByRole('row', { name: new RegExp(first.name) })).toHaveTextContent('Retired');
  });
});

describe('an astrologer’s specializations', () => {
  it('are typed key by key with commas, and saved as separate items', async () => {
    const user = userEvent.setup();
    const { astrologers } = await staffGet('/api/admin/astrologers', AdminAstrologerListResponse);
    const second = astrologers[1]!;
    renderAppAs(shop.staff.token, `/admin/astrologers/${second.id}`);
    await screen.findByRole('heading', { level: 1, name: second.name }, PAGE);
    const field = await screen.findByLabelText('Specializations', {}, PAGE);
    await user.clear(field);
    await user.type(field, 'Vedic, Prashna');
    // The comma just typed stays in the box while the next word is typed.
    expect(field).toHaveValue('Vedic, Prashna');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => {
      const { astrologers: now } = await staffGet('/api/admin/astrologers', AdminAstrologerListResponse);
      expect(now.find((a) => a.id === second.id)?.specializations).toEqual(['Vedic', 'Prashna']);
    }, PAGE);
  });
});

describe('the CSV export', () => {
  it('downloads exactly what the queue’s filter shows', async () => {
    const user = userEvent.setup();
    const packed = [
      await placeOrder(shop, shop.me, shop.myAddressId, 'cod'),
      await placeOrder(shop, shop.other, shop.otherAddressId, 'cod'),
    ];
    for (const order of packed)
      await orderEvent(shop, shop.staff.token, order.id, { type: 'order.pack' }, true);
    const waiting = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');

    // The download: the blob handed to the browser and the name it is saved under.
    const downloads: { name: string; text: Promise<string> }[] = [];
    const blobs = new Map<string, Blob>();
    const createObjectURL = vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const url = `blob:csv-${blobs.size}`;
      blobs.set(url, blob as Blob);
      return url;
    });
    const revoke = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      downloads.push({ name: this.download, text: blobs.get(this.getAttribute('href')!)!.text() });
    });
    try {
      renderAppAs(shop.staff.token, '/admin/orders?status=packed');
      const table = await screen.findByRole('table', { name: 'Orders' }, PAGE);
      await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(1), PAGE);
      const shown = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]!.textContent);
      expect(shown).toEqual(expect.arrayContaining(packed.map((o) => o.orderNumber)));
      expect(shown).not.toContain(waiting.orderNumber);

      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(downloads).toHaveLength(1), PAGE);
      expect(net.urls).toContain('/api/admin/orders.csv?status=packed');
      expect(downloads[0]!.name).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
      const lines = (await downloads[0]!.text)
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toMatch(/^Order,Placed \(IST\),Customer,/);
      // The same orders as the screen, in its order, every one packed.
      expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(shown);
      expect(lines.slice(1).every((line) => line.endsWith(',Packed'))).toBe(true);

      // Narrowed by a search: the next download narrows with it.
      await user.type(screen.getByLabelText('Order number, e-mail or phone'), packed[1]!.orderNumber);
      await user.click(screen.getByRole('button', { name: 'Apply' }));
      await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2), PAGE);
      await user.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(downloads).toHaveLength(2), PAGE);
      const narrowed = (await downloads[1]!.text)
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(narrowed.slice(1).map((line) => line.split(',')[0])).toEqual([packed[1]!.orderNumber]);
    } finally {
      createObjectURL.mockRestore();
      revoke.mockRestore();
      click.mockRestore();
    }
  });
});

describe('the staff', () => {
  it('an admin removes a staff member: asked first, then gone from the list and from the back office', async () => {
    const user = userEvent.setup();
    const email = 'priya.temp@divyapujaseva.in';
    await createStaffAccount(shop.db, {
      email,
      name: 'Priya (temp)',
      role: 'staff',
      password: 'temple-bell-108',
    });
    renderAppAs(shop.admin.token, '/admin/staff');
    await screen.findByRole('heading', { level: 2, name: 'Members' }, PAGE);
    expect(screen.getByRole('cell', { name: email })).toBeInTheDocument();
    // Admins are managed on the command line only: no button for them.
    expect(screen.queryByRole('button', { name: 'Remove Gopal (admin)' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Priya (temp)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Priya (temp) from the staff?' });
    expect(dialog).toHaveTextContent('They keep their customer account, and lose the back office at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Removed from the staff.', {}, PAGE);
    expect(screen.queryByRole('cell', { name: email })).not.toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Lakshmi (staff)' })).toBeInTheDocument();
    const { staff } = v.parse(
      StaffListResponse,
      (await call(shop.app, 'GET', '/api/admin/staff', { token: shop.admin.token })).body,
    );
    expect(staff.map((s) => s.email)).not.toContain(email);
    const login = await call(shop.app, 'POST', '/api/auth/login', {
      json: { email, password: 'temple-bell-108' },
    });
    expect(login.body).toMatchObject({ user: { role: 'customer' } });
  });
});

describe('a puja’s page', () => {
  it('keeps its packages, offerings, dates and waitlist in tabs, the open one in the address', async () => {
    const user = userEvent.setup();
    const id = shop.puja.id;
    renderAppAs(shop.staff.token, `/admin/pujas/${id}?tab=offerings`);
    await screen.findByRole('heading', { level: 1, name: shop.puja.pujaName }, PAGE);
    const tabs = await screen.findByRole('tablist', { name: 'About this puja' }, PAGE);
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Packages', 'Chadhava offerings', 'Dates and availability', 'Waitlist']);
    expect(within(tabs).getByRole('tab', { name: 'Chadhava offerings' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(await screen.findByRole('button', { name: 'Add an offering' }, PAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a package' })).not.toBeInTheDocument();
    // The form stays above the tabs whichever is open.
    expect(screen.getByLabelText('Name')).toHaveValue(shop.puja.pujaName);

    await user.click(within(tabs).getByRole('tab', { name: 'Packages' }));
    expect(route()).toBe(`/admin/pujas/${id}`);
    expect(await screen.findByRole('button', { name: 'Add a package' }, PAGE)).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Packages' })).toHaveTextContent(
      shop.puja.packages[1]!.title,
    );

    // The arrow keys move along the tabs, and the address follows.
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(within(tabs).getByRole('tab', { name: 'Dates and availability' })).toHaveFocus();
    await waitFor(() => expect(route()).toBe(`/admin/pujas/${id}?tab=dates`));
    expect(screen.getByRole('button', { name: 'Repeat this puja on a new date' })).toBeInTheDocument();
  });
});

describe('the proof of a puja', () => {
  it('more photos than the proof keeps stop the form with a message; none is dropped unseen', async () => {
    const user = userEvent.setup();
    // Booked while open, then moved to 5 minutes ahead: bookings close at the sankalp lock, and
    // "performed" is offered only from shortly before the puja's time (docs/product-rules.md).
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: await pujaOn(shop, 2 * 24 * HOUR) });
    await moveBookingTo(shop, booking.id, 5 * 60 * 1000);
    renderAppAs(shop.staff.token, `/admin/bookings/${booking.id}`);
    await user.click(await screen.findByRole('button', { name: 'Mark performed' }, PAGE));
    const dialog = await screen.findByRole('dialog', { name: 'Mark performed' });
    await user.type(
      within(dialog).getByLabelText('Video link'),
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );
    const photos = within(dialog).getByLabelText<HTMLInputElement>(/^Photos/);
    // Real photos: with them, a form that dropped the fourth would mark the puja performed.
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c60' } })
      .png()
      .toBuffer();
    const photo = (n: number) => new File([new Uint8Array(png)], `photo-${n}.png`, { type: 'image/png' });
    await user.upload(photos, [1, 2, 3, 4].map(photo));
    expect(photos.validationMessage).toBe('Choose up to 3 photos');
    await user.click(within(dialog).getByRole('button', { name: 'Mark performed' }));
    expect(screen.getByRole('dialog', { name: 'Mark performed' })).toBeInTheDocument();
    const read = await call(shop.app, 'GET', `/api/admin/bookings/${booking.id}`, {
      token: shop.staff.token,
    });
    expect((read.body as { booking: { status: string } }).booking.status).not.toBe('performed');

    // Three are fine.
    await user.upload(photos, [1, 2, 3].map(photo));
    expect(photos.validationMessage).toBe('');

    // The dialog promises only what exists: a video by its link, no video upload.
    expect(dialog).not.toHaveTextContent('or an upload of this shop');
    expect(dialog).toHaveTextContent('The customer sees the video (from its YouTube or Vimeo link');
    // Taken, the step says what is now true, not "Done: Mark performed.".
    await user.click(within(dialog).getByRole('button', { name: 'Mark performed' }));
    expect(await screen.findByText('Marked performed.', {}, PAGE)).toHaveAttribute('role', 'status');
    expect(screen.queryByText(/^Done: /)).not.toBeInTheDocument();
  });
});

describe('a locked puja before its time', () => {
  it('offers no “Mark performed” yet, and says when it opens (15 minutes before the puja)', async () => {
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: await pujaOn(shop, 2 * 24 * HOUR) });
    // Two hours ahead: past the sankalp lock, not yet the puja's time.
    await moveBookingTo(shop, booking.id, 2 * HOUR);
    renderAppAs(shop.staff.token, `/admin/bookings/${booking.id}`);
    const next = await screen.findByRole('region', { name: 'Next step' }, PAGE);
    const opens = new Date(shop.clock.now().getTime() + 2 * HOUR - 15 * 60 * 1000);
    const at = new Intl.DateTimeFormat('en-IN', {
      timeZone: 'Asia/Kolkata',
      hour: 'numeric',
      minute: '2-digit',
    })
      .format(opens)
      .toLowerCase();
    expect(next).toHaveTextContent(`“Mark performed” opens at`);
    expect(next).toHaveTextContent(at);
    expect(next).toHaveTextContent('15 minutes before the puja.');
    expect(within(next).queryByRole('button', { name: 'Mark performed' })).not.toBeInTheDocument();
  });
});

describe('devotees’ dates of birth', () => {
  it('the booking’s page and the sankalp sheet write a date of birth as the shop writes dates', async () => {
    const puja = await pujaOn(shop, 3 * DAY);
    const booking = await book(shop, shop.me, shop.myAddressId, { puja });
    renderAppAs(shop.staff.token, `/admin/bookings/${booking.id}`);
    const devotees = await screen.findByRole('region', { name: /^Devotees/ }, PAGE);
    expect(within(devotees).getByRole('cell', { name: /^14 Mar 1988, 6:45 am/ })).toBeInTheDocument();
    expect(devotees).not.toHaveTextContent('1988-03-14');

    const day = new Date(Date.parse(puja.pujaDate!) + 5.5 * HOUR).toISOString().slice(0, 10);
    window.location.hash = `#/admin/sankalp?date=${day}`;
    const sheet = await screen.findByRole('region', { name: puja.pujaName }, PAGE);
    expect(within(sheet).getByRole('cell', { name: /^14 Mar 1988, 6:45 am/ })).toBeInTheDocument();
    expect(sheet).not.toHaveTextContent('1988-03-14');
  });

  it('the sankalp sheet marks the names in the temple’s script with that script’s language', async () => {
    const puja = await pujaOn(shop, 3 * DAY);
    await shop.db.updateTable('puja').set({ script: 'tamil' }).where('id', '=', puja.id).execute();
    await book(shop, shop.me, shop.myAddressId, { puja });
    signInAs(shop.staff.token);
    const day = new Date(Date.parse(puja.pujaDate!) + 5.5 * HOUR).toISOString().slice(0, 10);
    renderAppAt(`/admin/sankalp?date=${day}`);
    const sheet = await screen.findByRole('region', { name: puja.pujaName }, PAGE);
    const inScript = [...sheet.querySelectorAll('[lang]')];
    expect(inScript.length).toBeGreaterThanOrEqual(2);
    for (const element of inScript) {
      expect(element).toHaveAttribute('lang', 'ta');
      expect(element.textContent).toMatch(/[\u0B80-\u0BFF]/);
    }
    // Three days ahead the sankalp is not locked: the sheet says the names may change, and
    // prints the nakshatra and raashi in the script too (docs/product-rules.md).
    expect(within(sheet).getByText('Names may still change')).toBeInTheDocument();
    expect(within(sheet).getByText(/Some names may still change/)).toBeInTheDocument();
    expect(within(sheet).getByText('மகா')).toBeInTheDocument();
    expect(within(sheet).getByText('ஸிம்ஹ')).toBeInTheDocument();
  });
});

describe('the second walk (issue 23)', () => {
  it('shows Staff in the navigation only to admins, and an expired coupon as Expired with real dates', async () => {
    const now = shop.clock.now().getTime();
    const res = await call(shop.app, 'POST', '/api/admin/coupons', {
      token: shop.staff.token,
      json: {
        code: 'GONE10',
        kind: 'flat',
        value: 10,
        minSubtotal: 0,
        maxDiscount: null,
        startsAt: null,
        expiresAt: new Date(now - DAY).toISOString(),
        usageLimit: null,
        perCustomerLimit: null,
        active: true,
      },
    });
    expect(res.status).toBe(201);
    renderAppAs(shop.staff.token, '/admin/coupons');
    const table = await screen.findByRole('table', { name: 'Coupons' }, PAGE);
    const row = within(table).getByRole('row', { name: /GONE10/ });
    expect(row).toHaveTextContent('Expired');
    expect(row).not.toHaveTextContent('now –');
    const nav = screen.getByRole('navigation', { name: 'Back office' });
    expect(within(nav).queryByRole('link', { name: 'Staff' })).not.toBeInTheDocument();
  });

  it('titles a record’s page with the order’s or booking’s number, not the queue’s name', async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    const booking = await book(shop, shop.me, shop.myAddressId);
    renderAppAs(shop.staff.token, `/admin/orders/${order.id}`);
    await screen.findByRole('heading', { level: 1, name: new RegExp(order.orderNumber) }, PAGE);
    await waitFor(
      () => expect(document.title).toBe(`Order ${order.orderNumber} · Back Office | ${site.brand}`),
      PAGE,
    );

    window.location.hash = `#/admin/bookings/${booking.id}`;
    await screen.findByRole('heading', { level: 1, name: new RegExp(booking.bookingNumber) }, PAGE);
    await waitFor(
      () => expect(document.title).toBe(`Booking ${booking.bookingNumber} · Back Office | ${site.brand}`),
      PAGE,
    );
  });

  it('shows a proof’s photos as thumbnails, counted in words ("1 photo")', async () => {
    // Booked while open (the sankalp locks 12 hours before the puja), performed at its time.
    const booking = await book(shop, shop.me, shop.myAddressId, { puja: await pujaOn(shop, 13 * HOUR) });
    shop.clock.set(new Date(shop.clock.now().getTime() + 13 * HOUR));
    const photo = await uploadPhoto(shop, shop.staff.token);
    const performed = await bookingEvent(
      shop,
      shop.staff.token,
      booking.id,
      { type: 'booking.perform', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', photoIds: [photo] },
      true,
    );
    expect(performed.status, JSON.stringify(performed.body)).toBe(200);
    renderAppAs(shop.staff.token, `/admin/bookings/${booking.id}`);
    const proof = await screen.findByRole('region', { name: 'Proof' }, PAGE);
    expect(within(proof).getByText('1 photo')).toBeInTheDocument();
    expect(proof).not.toHaveTextContent('1 photos');
    const photos = within(proof).getByRole('list', { name: 'Photos of the puja' });
    const thumbnail = within(photos).getByRole('img', { name: 'Proof photo 1' });
    expect(thumbnail).toHaveAttribute('src', `/uploads/${photo}`);
    expect(within(photos).getByRole('link')).toHaveAttribute('href', `/uploads/${photo}`);
  });
});
