/** "N minutes" (at least one), as the 429 answers of the abuse limits say it. */
const minutesFrom = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/**
 * What the API answers (429, with Retry-After) when an abuse limit refuses a request; see
 * docs/decisions/0013-abuse-limits.md. The sign-in one is authMessages.tooManyAttempts.
 */
export const limitMessages = {
  tooManyCouponCodes: (retryAfterSeconds: number) =>
    `Too many coupon codes tried. Please try again in ${minutesFrom(retryAfterSeconds)}.`,
  tooManyRegistrations: (retryAfterSeconds: number) =>
    `Too many accounts registered from this network. Please try again in ${minutesFrom(retryAfterSeconds)}.`,
} as const;
