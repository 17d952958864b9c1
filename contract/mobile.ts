/**
 * An Indian mobile number as people write it (docs/product-rules.md, Addresses), apart from the
 * address schemas so the sign-in pages and the consent boxes can check one without them.
 */

/**
 * An Indian mobile number as people write it ("98450 12345", "+91-98450-12345", "098450 12345"):
 * the 10 digits, or the text unchanged when it is not one (the check then refuses it).
 */
export function normaliseMobile(text: string): string {
  const digits = text.replace(/[\s().-]/g, '');
  const local = /^(?:\+?91|0)?([6-9]\d{9})$/.exec(digits);
  return local ? local[1]! : text;
}

/** The 10 digits of an Indian mobile, as normaliseMobile gives them. */
export const MOBILE = /^[6-9]\d{9}$/;

/** True when `text` is a 10-digit Indian mobile as people write it. */
export const isIndianMobile = (text: string | null | undefined): boolean =>
  text != null && text.trim().length <= 20 && MOBILE.test(normaliseMobile(text.trim()));
