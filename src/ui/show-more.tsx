import { useState } from 'react';
import { LIST_PAGE_SIZE } from '../../contract/catalogue-display.ts';

/**
 * The first LIST_PAGE_SIZE of `items`, growing by as many on `more()`. Back to one page whenever
 * `resetKey` changes (a new search or filter starts at the top).
 */
export function usePage<T>(items: readonly T[], resetKey: string) {
  const [page, setPage] = useState({ key: resetKey, count: LIST_PAGE_SIZE });
  // Reset during render (React's pattern for state derived from a prop): no extra paint.
  const current = page.key === resetKey ? page : { key: resetKey, count: LIST_PAGE_SIZE };
  if (current !== page) setPage(current);
  return {
    shown: items.length > current.count ? items.slice(0, current.count) : items,
    remaining: Math.max(0, items.length - current.count),
    more: () => setPage({ key: resetKey, count: current.count + LIST_PAGE_SIZE }),
  };
}

/** "Show more …" under a paged list, while anything is left to show. */
export function ShowMore({
  remaining,
  noun,
  onMore,
}: {
  remaining: number;
  noun: string;
  onMore: () => void;
}) {
  if (remaining <= 0) return null;
  return (
    <div className="show-more">
      <button type="button" className="button" onClick={onMore}>
        Show more {noun} ({remaining.toLocaleString('en-IN')} more)
      </button>
    </div>
  );
}
