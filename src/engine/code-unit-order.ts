/**
 * Orders strings by UTF-16 code units (`<`), as `sort()` does with no comparator: -1, 1, or 0
 * when equal. Not `localeCompare`: every host, worker and stored index must list paths and
 * names in one order, whatever the locale (prefix search over the sorted vocabulary relies on it).
 */
export function byCodeUnits(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}
