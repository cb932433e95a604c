/** The stored repositories, the one the box searches and whether it is open, the notice line, and the start-up that reopens the last one. */
import { useCallback, useEffect, useState } from 'react';
import type { RepositorySummary, SettingsPatch, WorkerStatus } from '../browser/protocol';
import type { Workers } from './client';
import { describeReady, describeWaiting, waitsForModel } from './describe-ready';
import type { Notice } from './index-status';
import type { SearchState } from './url-state';

export function useRepositories(workers: Workers, initial: SearchState, clearAnswer: () => void) {
  const [status, setStatus] = useState<WorkerStatus | null>(null);
  /** The model has loaded (or failed to): before that, "no model" only means "not yet". */
  const [modelSettled, setModelSettled] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>({ tone: 'info', text: 'Opening your saved repositories…' });

  const repositories = status?.repositories ?? [];
  const active = repositories.find((r) => r.id === activeId) ?? null;

  const refresh = useCallback(async () => {
    const next = await workers.index.status();
    setStatus(next);
    return next;
  }, [workers]);

  const openRepository = useCallback(
    async (id: string, announce: boolean, opening?: Promise<RepositorySummary>) => {
      setActiveId(id);
      try {
        const started = performance.now();
        const repo = await (opening ?? workers.index.open(id));
        performance.mark('fourfold:opened');
        setOpenId(repo.id);
        if (announce)
          setNotice({
            tone: 'success',
            text: describeReady(repo, 'loaded', performance.now() - started),
            whileWaiting: waitsForModel(repo) ? describeWaiting(repo) : undefined,
            languages: repo.stats?.languages,
          });
      } catch (error) {
        setOpenId(null);
        setNotice({ tone: 'error', text: (error as Error).message });
        // A failed open may have marked the record (a damaged index is stored as failed before the
        // error comes back), and the list may have been read before that: list it again.
        await refresh().catch(() => undefined);
      }
    },
    [workers, refresh],
  );

  // Start-up: list what is stored and reopen the repository from the URL, or the last one.
  useEffect(() => {
    let cancelled = false;
    // The repository in the address is opened beside start(), not after it: one round trip
    // less before a reload's answer (the worker has been reading it since boot.ts).
    const early = initial.repositoryId ? workers.index.open(initial.repositoryId) : null;
    early?.catch(() => undefined); // not that repository after all: it is opened below as usual
    workers.index
      .start(new URL('./', location.href).href)
      .then((s) => {
        performance.mark('fourfold:started');
        setStatus(s);
        // The model starts in the background; show which one (or why none) once it is up.
        void workers.index.embedderReady().then((ready) => {
          if (cancelled) return;
          setStatus(ready);
          setModelSettled(true);
        });
        return s;
      })
      .then(
        async (s) => {
          if (cancelled) return;
          const wanted = s.repositories.find((r) => r.id === initial.repositoryId && r.state === 'complete');
          const last = s.repositories.find((r) => r.id === s.lastRepositoryId && r.state === 'complete');
          const target = wanted ?? last ?? s.repositories.find((r) => r.state === 'complete');
          if (target) await openRepository(target.id, true, early && target === wanted ? early : undefined);
          else
            setNotice({
              tone: 'info',
              text: s.repositories.length
                ? 'Choose a repository to search.'
                : 'Bring a repository in to start searching.',
            });
        },
        (error) =>
          setNotice({ tone: 'error', text: `Could not open this browser's storage: ${(error as Error).message}` }),
      );
    return () => {
      cancelled = true;
    };
  }, [workers, openRepository, initial]);

  const onDelete = async (repo: RepositorySummary) => {
    if (!window.confirm(`Delete the index of ${repo.name} from this browser?`)) return;
    const remaining = await workers.index.remove(repo.id);
    setStatus((s) => (s ? { ...s, repositories: remaining } : s));
    setNotice({ tone: 'info', text: `${repo.name} was deleted from this browser.` });
    if (repo.id === activeId) {
      setActiveId(null);
      setOpenId(null);
      clearAnswer();
      const next = remaining.find((r) => r.state === 'complete');
      if (next) await openRepository(next.id, true);
    }
  };

  const onSaveSettings = async (patch: SettingsPatch) => {
    const next = await workers.index.saveSettings(patch);
    setStatus((s) => (s ? { ...s, settings: next } : s));
    return next;
  };

  return {
    status,
    modelSettled,
    repositories,
    active,
    activeId,
    setActiveId,
    openId,
    setOpenId,
    notice,
    setNotice,
    refresh,
    openRepository,
    onDelete,
    onSaveSettings,
  };
}
