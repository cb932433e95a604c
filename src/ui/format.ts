/** Display formatting only; every number shown comes from the engine as it is. */

export function formatScore(value: number): string {
  if (value === 0) return '0';
  return value.toFixed(4);
}

export function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

export function formatRate(rate: number, unit: string): string {
  if (!(rate > 0)) return '';
  return `${rate >= 100 ? Math.round(rate) : rate.toFixed(1)} ${unit}/s`;
}

export function formatLines(start: number, end: number): string {
  return start === end ? `L${start}` : `L${start}–${end}`;
}

export function intentLabel(intent: string): string {
  return intent.replace(/_/g, ' ');
}
