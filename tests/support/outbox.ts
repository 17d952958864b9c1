import type { MessageChannel } from '../../contract/messages.ts';
import type { Db } from '../../server/db/client.ts';
import { MINUTE, type LifecycleShop } from './lifecycle.ts';

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
