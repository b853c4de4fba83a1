/** Keyboard movement in a row of tabs, as the ARIA tabs pattern has it, for tab rows the kit's Radix tabs cannot host (a row whose tabs share one panel). */

/** The tab a key moves to in a row of `count` tabs (wrapping), or null for other keys. */
export function steppedTab(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return (index + 1) % count;
    case 'ArrowLeft':
    case 'ArrowUp':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
