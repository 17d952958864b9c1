/**
 * A temple's authorisation for pujas a test writes straight into the database: without one a
 * puja is a draft, out of the shop (docs/product-rules.md, The temple's authorisation).
 */
export const testAuthorisation = {
  templeName: 'Sri Test Temple',
  performedBy: "the temple's priests",
  authorisedBy: 'the Temple Executive Office',
  authorisationRef: 'TST/SEVA/2026/1',
  authorisationDate: '2026-01-15',
} as const;
