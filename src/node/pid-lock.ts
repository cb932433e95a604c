/** Process ids in lock and temporary files: whose a lock is, and whether that process still runs. */
import { readFileSync } from 'node:fs';

/** Whether a process of this id exists (EPERM: it does, as another user's). */
export function processAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The process id a lock file names; null when it is missing, unreadable or holds no id. */
export function lockHolder(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}
