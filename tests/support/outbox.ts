import type { MessageChannel } from '../../contract/messages.ts';
import type { Db } from '../../server/db/client.ts';
import { deliverDueMessages, type DeliveryDeps } from '../../server/messages/deliver.ts';
import { MINUTE, type LifecycleShop } from './lifecycle.ts';
import { lifecycleShopPerFile } from './prelude.ts';
import { smtpPerFile } from './smtp.ts';

/**
 * A provider that takes the message, then the process dies before it marks the message sent
 * (docs/decisions/0071): wraps `send` so it throws after it succeeded.
 */
export const dyingAfter = <M>(send: (message: M) => Promise<void>) => ({
  async send(message: M) {
    await send(message);
    throw new Error('process killed');
  },
});

/**
 * What the dead process leaves: the order's message on `channel` held in `sending`, and the
 * clock moved past its claim, so the next delivery takes it up again.
 */
export async function leftSending(shop: LifecycleShop, orderId: number, channel: MessageChannel) {
  await shop.db
    .updateTable('outbox')
    .set({ status: 'sending', claimedUntil: shop.clock.now().toISOString() })
    .where('recordKind', '=', 'order')
    .where('recordId', '=', orderId)
    .where('channel', '=', channel)
    .execute();
  shop.clock.advance(6 * MINUTE);
}

/**
 * Waits until the e-mails a person asked for (a reset link, an invitation) have had the try that
 * follows the answer (docs/decisions/0072): that try changes their outbox row after the request.
 */
export async function accountMailSettled(db: Db): Promise<void> {
  await vi.waitFor(
    async () => {
      const { n } = await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('template', 'like', 'account.%')
        .where((eb) =>
          eb.or([
            eb('status', '=', 'sending'),
            eb.and([eb('status', '=', 'queued'), eb('attempts', '=', 0)]),
          ]),
        )
        .executeTakeFirstOrThrow();
      if (Number(n) > 0) throw new Error(`${n} account e-mails still on their first try`);
    },
    { timeout: 5000, interval: 20 },
  );
}

/** The shop's public address and name, as the messages' links and signatures read them. */
export const messageRender = { publicUrl: 'https://shop.test', brand: 'Test Shop' };

/**
 * The prelude of a test of the shop's messages: the shop after the sale and a real SMTP server on
 * loopback, made once for the file, and `deliver`, the scheduler's delivery at the shop's clock
 * (with `deps()` added, a WhatsApp sender say). Before each test the clock is at the real time,
 * `beforeDelivery` has run, and what earlier tests left is delivered and forgotten, so each test
 * reads only its own messages.
 */
export function deliveringShopPerFile({
  deps = () => ({}),
  beforeDelivery = async () => {},
}: { deps?: () => Partial<DeliveryDeps>; beforeDelivery?: () => Promise<unknown> } = {}) {
  const shop = lifecycleShopPerFile();
  const { smtp, mailer } = smtpPerFile(shop);
  const deliver = (extra: Partial<DeliveryDeps> = {}) =>
    deliverDueMessages({
      db: shop.db,
      mailer,
      render: messageRender,
      now: shop.clock.now,
      ...deps(),
      ...extra,
    });
  beforeEach(async () => {
    shop.clock.set(new Date());
    await beforeDelivery();
    await deliver();
    smtp.received.length = 0;
  });
  return { shop, smtp, mailer, deliver };
}
