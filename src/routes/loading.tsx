/** What a route shows while its page's code is still loading (a lazily loaded route chunk). */
export function PageLoading() {
  return (
    <p className="page-loading" role="status" aria-live="polite">
      Loading…
    </p>
  );
}
