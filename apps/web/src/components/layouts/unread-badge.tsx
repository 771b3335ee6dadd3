/** The unread count on the notification entry: nothing at 0, "99+" past 99 (decision 023). */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="unread-badge" aria-hidden="true" data-testid="unread-badge">
      {count > 99 ? '99+' : String(count)}
    </span>
  );
}
