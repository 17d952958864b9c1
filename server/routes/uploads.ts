import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { lifecycleMessages, UPLOAD_ID, type UploadResponse } from '../../contract/lifecycle.ts';
import type { AppEnv } from '../env.ts';
import { requireAuth } from '../auth/middleware.ts';
import { maxUploadBytesFor, openUpload, saveUpload } from '../services/uploads.ts';

const MB = 1024 * 1024;

/**
 * Photos and videos (server/services/uploads.ts). POST /api/uploads takes the file's bytes as
 * the body (any Content-Type: what it is comes from the bytes) from a signed-in user: customers
 * may send photos (damage claims), staff also videos (proof of a puja). GET /uploads/{id} serves
 * one: the id is random and unguessable, shared only with whoever may see the claim or the
 * proof, like a link to a private video. It is served with its sniffed type, never sniffed
 * again by the browser, never run as a page (a CSP sandbox), and cached for good (it never changes).
 */
export const uploadRoutes = new Hono<AppEnv>()
  .post(
    '/api/uploads',
    requireAuth,
    // The body is limited by what the sender may upload (a customer: a photo; staff: a video),
    // declared or streamed, before it is read: a customer's 50 MB never reaches the photo check.
    (c, next) => {
      const maxSize = maxUploadBytesFor(c.var.user.role);
      return bodyLimit({
        maxSize,
        onError: (c) =>
          c.json({ message: lifecycleMessages.uploadTooLarge(maxSize / MB), code: 'upload_too_large' }, 413),
      })(c, next);
    },
    async (c) => {
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      const upload = await saveUpload({
        db: c.var.db,
        dir: c.var.uploadsDir,
        user: c.var.user,
        bytes,
        now: c.var.now(),
      });
      const body: UploadResponse = { upload };
      return c.json(body, 201);
    },
  )

  .get('/uploads/:id', async (c) => {
    const id = c.req.param('id');
    const found = UPLOAD_ID.test(id) ? await openUpload(c.var.db, c.var.uploadsDir, id) : undefined;
    if (!found) return c.json({ message: 'Upload not found' }, 404);
    return c.body(found.bytes, 200, {
      'Content-Type': found.row.contentType,
      'Content-Length': String(found.row.size),
      'Content-Disposition': 'inline',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
      'Cache-Control': 'private, max-age=31536000, immutable',
    });
  });
