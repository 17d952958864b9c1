/**
 * Uploads (docs/product-rules.md, Orders and bookings after the sale): what a file is comes from
 * its bytes, within size limits, kept under DATA_DIR, served with its sniffed type and headers
 * that never let a browser run it as a page.
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  lifecycleMessages,
  MAX_CUSTOMER_UPLOADS_PER_DAY,
  MAX_IMAGE_BYTES,
  type UploadResponse,
} from '../../contract/lifecycle.ts';
import { registerAndLogin } from '../support/accounts.ts';
import {
  createLifecycleShop,
  filesIn,
  DAY,
  HTML,
  MINUTE,
  MP4,
  orderEvent,
  PHOTOS,
  placeOrder,
  upload,
  uploadPhoto,
} from '../support/lifecycle.ts';
import { pruneUnusedUploads } from '../../server/services/uploads.ts';
import { expectClearRefusal, expectNothingChanged } from '../security/security-shop.ts';
import { shopPerFile } from '../support/prelude.ts';

const shop = shopPerFile(createLifecycleShop);

describe('POST /api/uploads', () => {
  it('keeps a JPEG, PNG or WebP photo, whatever type the client declared, under the uploads folder', async () => {
    for (const [kind, bytes] of Object.entries(PHOTOS)) {
      const res = await upload(shop, shop.me.token, bytes, 'application/octet-stream');
      expect(res.status, kind).toBe(201);
      const { upload: kept } = res.body as UploadResponse;
      expect(kept).toEqual({
        id: expect.stringMatching(/^upl_[A-Za-z0-9_-]{24}$/) as string,
        url: `/uploads/${kept.id}`,
        contentType: kind === 'jpeg' ? 'image/jpeg' : `image/${kind}`,
        size: bytes.length,
      });
      expect(fs.readFileSync(path.join(shop.uploadsDir, kept.id))).toEqual(bytes);
    }
  });

  it('refuses what is not an image (HTML, SVG, text, a video from a customer), empty or too large, keeping nothing', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    const files = filesIn(shop.uploadsDir);
    await expectNothingChanged(shop.db, async () => {
      for (const [label, bytes, status] of [
        ['html named .jpg', HTML, 415],
        ['svg', svg, 415],
        ['text', Buffer.from('just some words'), 415],
        ['mp4 from a customer', MP4, 415],
        ['empty', Buffer.alloc(0), 400],
        ['a photo over 5 MB', Buffer.concat([PHOTOS.jpeg, Buffer.alloc(MAX_IMAGE_BYTES)]), 413],
      ] as const) {
        const res = await upload(shop, shop.me.token, bytes, 'image/jpeg');
        expectClearRefusal(res, status, label);
      }
    });
    expect(filesIn(shop.uploadsDir)).toEqual(files);
  });

  it('needs a signed-in user (401)', async () => {
    await expectNothingChanged(shop.db, async () => {
      expectClearRefusal(await upload(shop, undefined, PHOTOS.png), 401);
    });
  });

  it('limits the body by what the sender may upload: a customer is stopped after 5 MB of a streamed 12 MB body, staff may send a video', async () => {
    /** A JPEG of `size` bytes streamed in 64 KB chunks; `pulled` counts what the server read. */
    const streamed = (size: number) => {
      const chunk = 64 * 1024;
      const counter = { pulled: 0 };
      const body = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (counter.pulled >= size) return controller.close();
          const bytes = new Uint8Array(Math.min(chunk, size - counter.pulled));
          if (counter.pulled === 0)
            bytes.set(PHOTOS.jpeg.subarray(0, Math.min(PHOTOS.jpeg.length, bytes.length)));
          counter.pulled += bytes.length;
          controller.enqueue(bytes);
        },
      });
      return { body, counter };
    };
    const send = (
      token: string,
      body: ReadableStream<Uint8Array> | Uint8Array,
      headers: Record<string, string> = {},
    ) =>
      shop.app.request('/api/uploads', {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg', ...headers },
        body,
        duplex: 'half',
      } as RequestInit);
    const files = filesIn(shop.uploadsDir);
    await expectNothingChanged(shop.db, async () => {
      const { body, counter } = streamed(12 * 1024 * 1024);
      const res = await send(shop.me.token, body);
      expect(res.status).toBe(413);
      expect(await res.json()).toEqual({
        message: lifecycleMessages.uploadTooLarge(5),
        code: 'upload_too_large',
      });
      expect(counter.pulled).toBeLessThanOrEqual(MAX_IMAGE_BYTES + 1024 * 1024);
      // A declared length over the customer's limit is refused before a byte is read.
      const declared = await send(shop.me.token, new Uint8Array(16), {
        'content-length': String(40 * 1024 * 1024),
      });
      expect(declared.status).toBe(413);
    });
    expect(filesIn(shop.uploadsDir)).toEqual(files);
    // Staff may still send a proof video over 5 MB.
    const video = Buffer.concat([MP4, Buffer.alloc(6 * 1024 * 1024)]);
    const res = await upload(shop, shop.staff.token, video, 'video/mp4');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });

  it('holds the daily cap under parallel uploads: 25 at once, 20 kept and 5 refused (429)', async () => {
    const eager = await registerAndLogin(shop.app);
    const files = filesIn(shop.uploadsDir).length;
    const results = await Promise.all(
      Array.from({ length: MAX_CUSTOMER_UPLOADS_PER_DAY + 5 }, () => upload(shop, eager.token, PHOTOS.png)),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_CUSTOMER_UPLOADS_PER_DAY);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const { n } = await shop.db
      .selectFrom('uploads')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('userId', '=', eager.user.id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(MAX_CUSTOMER_UPLOADS_PER_DAY);
    // A refused upload leaves no file behind.
    expect(filesIn(shop.uploadsDir)).toHaveLength(files + MAX_CUSTOMER_UPLOADS_PER_DAY);
  });

  it('limits a customer to a number of uploads a day (429), staff not', async () => {
    const busy = await registerAndLogin(shop.app);
    for (let i = 0; i < MAX_CUSTOMER_UPLOADS_PER_DAY; i++)
      expect((await upload(shop, busy.token, PHOTOS.png)).status).toBe(201);
    const res = await upload(shop, busy.token, PHOTOS.png);
    expectClearRefusal(res, 429);
    expect(res.body).toEqual({ code: 'too_many_uploads', message: lifecycleMessages.tooManyUploads });
  });
});

describe('GET /uploads/{id}', () => {
  it('serves the bytes with their sniffed type, never to be sniffed again or run as a page', async () => {
    const res = await upload(shop, shop.me.token, PHOTOS.webp, 'text/html');
    const { upload: kept } = res.body as UploadResponse;
    const served = await shop.app.request(kept.url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PHOTOS.webp);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
  });

  it('answers 404 for an unknown or malformed id, and never a file outside the uploads', async () => {
    for (const url of [
      '/uploads/upl_aaaaaaaaaaaaaaaaaaaaaaaa',
      '/uploads/..%2F..%2Fshop.sqlite',
      '/uploads/shop.sqlite',
      '/uploads/upl_short',
    ]) {
      const res = await shop.app.request(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type'), url).toMatch(/^application\/json/);
    }
  });
});

describe('unused uploads', () => {
  const staffEvent = (id: number, event: object) => orderEvent(shop, shop.staff.token, id, event, true);

  it("are deleted, file and row, a day after nothing came to use them; a claim's photo and a new upload stay", async () => {
    const order = await placeOrder(shop, shop.me, shop.myAddressId, 'cod');
    for (const event of [
      { type: 'order.pack' },
      { type: 'order.ship', carrier: 'India Post', trackingNumber: 'EK123456789IN' },
      { type: 'order.deliver' },
    ])
      expect((await staffEvent(order.id, event)).status).toBe(200);
    const claimed = await uploadPhoto(shop, shop.me.token);
    const claim = await orderEvent(shop, shop.me.token, order.id, {
      type: 'order.claimDamage',
      note: 'The diya arrived bent.',
      photoId: claimed,
    });
    expect(claim.status).toBe(200);
    // Sent for a claim the shop refused (here: the note was missing), so nothing uses it.
    const unused = await uploadPhoto(shop, shop.me.token);
    const refused = await orderEvent(shop, shop.me.token, order.id, {
      type: 'order.claimDamage',
      photoId: unused,
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);

    expect(await pruneUnusedUploads(shop.db, shop.uploadsDir, shop.clock.now())).toBe(0);
    shop.clock.advance(DAY + MINUTE);
    const fresh = await uploadPhoto(shop, shop.me.token);
    const pruned = await pruneUnusedUploads(shop.db, shop.uploadsDir, shop.clock.now());

    expect(pruned).toBeGreaterThanOrEqual(1);
    expect(filesIn(shop.uploadsDir)).not.toContain(unused);
    expect((await shop.app.request(`/uploads/${unused}`)).status).toBe(404);
    for (const kept of [claimed, fresh]) {
      expect(filesIn(shop.uploadsDir)).toContain(kept);
      expect((await shop.app.request(`/uploads/${kept}`)).status).toBe(200);
    }
  });
});
