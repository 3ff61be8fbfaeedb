/** Query keys of the offers room; mutations invalidate by these. */
export const offersKeys = {
  all: ['offers'] as const,
  mySubmissions: () => [...offersKeys.all, 'my-submissions'] as const,
};
