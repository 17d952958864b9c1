/**
 * Money as the customer reads it, the same in the SPA, in the machines and in the server's
 * messages (docs/product-rules.md, Money and dates): whole rupees, the rupee sign and Indian
 * digit grouping.
 */
const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** ₹ with Indian thousands separators: 851 -> "₹851", 124062 -> "₹1,24,062". */
export function formatRupees(amount: number): string {
  return rupees.format(amount);
}
