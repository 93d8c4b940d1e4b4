// Placeholder while a page's data loads (announced politely to screen readers).
export function Loading({ lines = 4, label = "Loading…" }: { lines?: number; label?: string }) {
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <span key={i} className="loading__line" style={{ width: `${92 - ((i * 17) % 35)}%` }} />
      ))}
    </div>
  );
}

/** Shown while the admin area's code and first page load on a visit straight to an /admin URL. */
export function AdminLoading() {
  return <Loading lines={4} label="Loading the admin area…" />;
}
