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
