import { useSearchParams } from 'react-router';

/**
 * The open tab of a page, kept in `?tab=` so links (and emails) can open one and a reload
 * keeps it. The first tab is the default and leaves the URL clean; an unknown value opens it.
 */
export function useTabParam<Tab extends string>(tabs: readonly Tab[]) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab = tabs.find((candidate) => candidate === requested) ?? tabs[0];
  const openTab = (value: string) => {
    const next = tabs.find((candidate) => candidate === value);
    if (next === undefined) return;
    setSearchParams(next === tabs[0] ? {} : { tab: next }, { replace: true });
  };
  return [tab, openTab] as const;
}
