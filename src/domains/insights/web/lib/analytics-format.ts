const monthLabel = new Intl.DateTimeFormat('en-GB', { month: 'short', year: '2-digit' });

/** 'YYYY-MM' (a UK month from the server) → 'Nov 26'. */
export const formatMonth = (month: string) => monthLabel.format(new Date(`${month}-15T12:00:00Z`));

/** A percentage from the server (one decimal), or 'N/A' when there was nothing to divide. */
export const formatRate = (rate: number | null) =>
  rate === null ? 'N/A' : `${rate.toLocaleString('en-GB', { maximumFractionDigits: 1 })}%`;
