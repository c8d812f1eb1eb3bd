/**
 * A price in Swedish kronor as every screen and the CMS HTML show it (spec 000 §3 'Wine': whole kronor 'N kr',
 * else 2 decimals), written the Swedish way (sv-SE): '129 kr', '129,50 kr', '1 299 kr', '1 299,50 kr' (a
 * no-break space between thousands, as sv-SE writes them).
 * @param sek the amount, a finite number (SEK incl. VAT).
 * @returns '' for a non-finite number.
 */
export function formatKronor(sek: number): string {
  if (!Number.isFinite(sek)) return '';
  const decimals = Number.isInteger(sek) ? 0 : 2;
  return `${sek.toLocaleString('sv-SE', { minimumFractionDigits: decimals, maximumFractionDigits: decimals })} kr`;
}
