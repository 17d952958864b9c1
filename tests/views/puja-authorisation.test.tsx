/**
 * The temple's authorisation and the places on screen (docs/product-rules.md, The temple's
 * authorisation; Places at the temple), over the real API app: staff publish a draft by entering
 * the authorisation and set its places and per-devotee cap in the puja's form; the list shows the
 * draft and places left / capacity; the devotee reads "Performed at … by …, authorised by …, date"
 * on the puja's page, and "Report a concern" opens the contact form with the puja named.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import sharp from 'sharp';
import * as v from 'valibot';
import { catalogueMessages } from '../../contract/admin/catalogue-fields.ts';
import { AdminPujaResponse, PUJA_DRAFT_NOTE } from '../../contract/admin/pujas.ts';
import { call } from '../support/accounts.ts';
import { adminPujaInput } from '../support/bookings.ts';
import { DAY, uploadPhoto } from '../support/lifecycle.ts';
import { renderAppAs, renderAppAt } from '../support/render-app.tsx';
import { lifecycleScreens } from '../support/prelude.ts';

const PAGE = { timeout: 8000 };
const { shop } = lifecycleScreens();

const staffPuja = async (id: number) =>
  v.parse(
    AdminPujaResponse,
    (await call(shop.app, 'GET', `/api/admin/pujas/${id}`, { token: shop.staff.token })).body,
  ).puja;

async function draftPuja(pujaName: string) {
  const res = await call(shop.app, 'POST', '/api/admin/pujas', {
    token: shop.staff.token,
    json: {
      ...adminPujaInput('A homam awaiting its letter.'),
      pujaName,
      pujaDate: new Date(Date.now() + 20 * DAY).toISOString(),
      templeName: null,
      performedBy: null,
      authorisedBy: null,
      authorisationRef: null,
      authorisationDate: null,
    },
  });
  expect(res.status).toBe(201);
  return v.parse(AdminPujaResponse, res.body).puja;
}

describe('the puja’s form in the back office', () => {
  it('says a draft is a draft, and saves its places, cap and authorisation, which publish it', async () => {
    const user = userEvent.setup();
    const draft = await draftPuja('Sarpa Samskara Draft');
    renderAppAs(shop.staff.token, `/admin/pujas/${draft.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Sarpa Samskara Draft' }, PAGE);
    expect(screen.getByText(PUJA_DRAFT_NOTE)).toBeInTheDocument();

    await user.type(screen.getByLabelText('Places at the temple'), '90');
    await user.type(screen.getByLabelText('Bookings per devotee'), '2');
    await user.type(screen.getByLabelText('Temple'), 'Sri Kukke Subramanya Temple');
    await user.type(screen.getByLabelText('Performed by'), "the temple's priests");
    await user.type(screen.getByLabelText('Authorised by'), 'the Temple Executive Office');
    await user.type(screen.getByLabelText('Authorisation reference'), 'KSS/SEVA/2026/114');
    await user.type(screen.getByLabelText('Authorisation date'), '2026-08-11');
    expect(screen.getByLabelText('Places at the temple')).toHaveAccessibleDescription(/Empty: no limit/);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved', {}, PAGE);
    expect(screen.queryByText(PUJA_DRAFT_NOTE)).not.toBeInTheDocument();

    const saved = await staffPuja(draft.id);
    expect(saved).toMatchObject({
      capacity: 90,
      maxPerAccount: 2,
      draft: false,
      authorisation: {
        templeName: 'Sri Kukke Subramanya Temple',
        performedBy: "the temple's priests",
        authorisedBy: 'the Temple Executive Office',
        reference: 'KSS/SEVA/2026/114',
        date: '2026-08-11',
      },
    });
    expect((await call(shop.app, 'GET', `/pujas/${draft.id}`)).status).toBe(200);
  });

  it('uploads the photo of the authorisation letter from the form, kept as taken, and shows it as a thumbnail linking to it', async () => {
    // The browser's own filter (the input's accept) is off, as a person can pick "All files".
    const user = userEvent.setup({ applyAccept: false });
    const draft = await draftPuja('Lettered Homam');
    renderAppAs(shop.staff.token, `/admin/pujas/${draft.id}`);
    await screen.findByRole('heading', { level: 1, name: 'Lettered Homam' }, PAGE);
    const field = screen.getByLabelText('Photo of the authorisation');
    expect(screen.queryByRole('link', { name: 'Photo of the authorisation' })).toBeNull();

    // A page of HTML calling itself a PNG: the server reads the bytes and refuses it.
    await user.upload(field, new File(['<!doctype html><script>1</script>'], 'l.png', { type: 'image/png' }));
    expect(await screen.findByText(catalogueMessages.imageNotImage, {}, PAGE)).toBeInTheDocument();

    const letter = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#fffbe6' } })
      .png()
      .toBuffer();
    await user.upload(field, new File([new Uint8Array(letter)], 'letter.png', { type: 'image/png' }));
    const link = await screen.findByRole('link', { name: 'Photo of the authorisation' }, PAGE);
    const href = link.getAttribute('href') ?? '';
    expect(href).toMatch(/\/uploads\/upl_[\w-]{24}$/);
    expect(within(link).getByRole('img')).toHaveAttribute('src', href);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Saved', {}, PAGE);
    const saved = await staffPuja(draft.id);
    expect(saved.authorisationImageId).toBe(href.split('/').pop());
    // Kept as the upload it is, not resized into catalogue images.
    const served = await shop.app.request(`/uploads/${saved.authorisationImageId}`);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('shows a letter staff attached earlier as its thumbnail, linking to it', async () => {
    const draft = await draftPuja('Lettered Homam Two');
    const photo = await uploadPhoto(shop, shop.staff.token);
    const res = await call(shop.app, 'PUT', `/api/admin/pujas/${draft.id}`, {
      token: shop.staff.token,
      json: { ...(await staffPuja(draft.id)), authorisationImageId: photo },
    });
    expect(res.status).toBe(200);
    renderAppAs(shop.staff.token, `/admin/pujas/${draft.id}`);
    const link = await screen.findByRole('link', { name: 'Photo of the authorisation' }, PAGE);
    expect(link.getAttribute('href')).toMatch(new RegExp(`/uploads/${photo}$`));
  });

  it('the list marks a draft and shows places left / capacity', async () => {
    const draft = await draftPuja('Listed Draft Homam');
    const capped = await call(shop.app, 'PUT', `/api/admin/pujas/${draft.id}`, {
      token: shop.staff.token,
      json: { ...(await staffPuja(draft.id)), capacity: 40 },
    });
    expect(capped.status).toBe(200);
    renderAppAs(shop.staff.token, '/admin/pujas?q=Listed%20Draft');
    const link = await screen.findByRole('link', { name: 'Listed Draft Homam' }, PAGE);
    const row = link.closest('tr')!;
    expect(within(row).getByText(PUJA_DRAFT_NOTE)).toBeInTheDocument();
    expect(row).toHaveTextContent('40 / 40');
  });
});

describe('the puja’s page in the shop', () => {
  it('names the temple, the performer, the authorising office and the date, and Report a concern opens the contact form with the puja named', async () => {
    const user = userEvent.setup();
    const puja = shop.puja;
    renderAppAt(`/pujas/${puja.id}`);
    await screen.findByRole('heading', { level: 1, name: puja.pujaName }, PAGE);
    expect(
      await screen.findByText(
        "Performed at Sri Test Temple by the temple's priests, authorised by the Temple Executive Office, 15 January 2026.",
        { exact: false },
        PAGE,
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Report a concern' }));
    await screen.findByRole('heading', { level: 1, name: 'Contact Us' }, PAGE);
    expect(screen.getByLabelText('Message')).toHaveValue(
      `Concern about the puja “${puja.pujaName}” (#${puja.id}): `,
    );
  });
});
