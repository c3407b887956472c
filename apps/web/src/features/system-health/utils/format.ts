/** Milliseconds with one decimal under 10 ms (a local database answers in fractions), whole above. */
export function formatMs(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}

/** Uptime as days, hours, minutes and seconds, leaving out leading zero units: "2h 5m 9s". */
export function formatUptime(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds < 0) return '—';
  let rest = Math.floor(totalSeconds);
  const days = Math.floor(rest / 86_400);
  rest -= days * 86_400;
  const hours = Math.floor(rest / 3_600);
  rest -= hours * 3_600;
  const minutes = Math.floor(rest / 60);
  const seconds = rest - minutes * 60;
  const parts: string[] = [];
  if (days > 0) parts.push(`${days}d`);
  if (days > 0 || hours > 0) parts.push(`${hours}h`);
  if (days > 0 || hours > 0 || minutes > 0) parts.push(`${minutes}m`);
  parts.push(`${seconds}s`);
  return parts.join(' ');
}

/** Bytes in mebibytes with one decimal, labelled MB as people read it. */
export function formatMegabytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function databaseLabel(kind: string): string {
  if (kind === 'pglite') return 'Embedded PostgreSQL (PGlite)';
  if (kind === 'postgres') return 'PostgreSQL server';
  return kind;
}
