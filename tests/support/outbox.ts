import type { MessageChannel } from '../../contract/messages.ts';
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
