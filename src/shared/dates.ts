/**
 * A date `months` calendar months on (UTC): an option of 18 months from 31 May ends on the
 * 31st of November's overflow, 1 December, as Date does; the agreement and the rights grid
 * use this one rule so the date on the PDF is the date the cells return.
 */
export function addMonths(date: Date, months: number): Date {
  const end = new Date(date);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}
