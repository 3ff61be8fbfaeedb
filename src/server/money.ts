/** Integer pence → pounds as a numeric string with two decimals ("25000.00"). */
export function penceToPounds(pence: number | null | undefined): string | null {
  if (pence === null || pence === undefined) return null;
  const sign = pence < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(pence));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Pounds ("25000", "25000.5", 25000) → integer pence, exact (no float rounding). */
export function poundsToPence(pounds: string | number): number {
  const text = typeof pounds === 'number' ? pounds.toFixed(2) : pounds.trim();
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`not an amount in pounds: ${pounds}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
