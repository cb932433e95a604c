/**
 * One quiet line under the repository list: browsers may clear a site's storage when the disk
 * runs low ("best effort"), unless the site asks for persistent storage and the browser agrees
 * (`navigator.storage.persist()`, page only). Offered only once there is an index worth keeping,
 * never again once granted or dismissed, and never as a prompt that interrupts.
 */
import { useEffect, useState } from 'react';

const DISMISSED_KEY = 'fourfold:persist-dismissed';

type KeeperState = 'unknown' | 'offer' | 'asking' | 'granted' | 'declined' | 'hidden';

export function StorageKeeper({ hasIndexes }: { hasIndexes: boolean }) {
  const [state, setState] = useState<KeeperState>('unknown');

  useEffect(() => {
    const storage = navigator.storage;
    if (!storage?.persisted || !storage.persist) return setState('hidden');
    storage.persisted().then(
      (persisted) => setState(persisted || localStorage.getItem(DISMISSED_KEY) ? 'hidden' : 'offer'),
      () => setState('hidden'),
    );
  }, []);

  if (!hasIndexes || state === 'unknown' || state === 'hidden') return null;

  const ask = async () => {
    setState('asking');
    const granted = await navigator.storage.persist().catch(() => false);
    setState(granted ? 'granted' : 'declined');
  };
  const dismiss = () => {
    localStorage.setItem(DISMISSED_KEY, '1');
    setState('hidden');
  };

  return (
    <div className="storage-keeper" role="group" aria-label="Keeping indexes">
      <KeeperMessage state={state} ask={ask} dismiss={dismiss} />
    </div>
  );
}

function KeeperMessage({ state, ask, dismiss }: { state: KeeperState; ask: () => void; dismiss: () => void }) {
  if (state === 'granted') return <p>Kept: the browser will not clear these indexes to make room.</p>;
  if (state === 'declined')
    return (
      <p>
        The browser did not agree (it decides by how much you use this site; bookmarking or installing Fourfold helps).
        Indexes stay until the disk runs low.{' '}
        <button type="button" className="link-button" onClick={dismiss}>
          OK
        </button>
      </p>
    );
  return (
    <p>
      The browser may clear these indexes if the disk runs low.{' '}
      <button type="button" className="link-button" onClick={ask} disabled={state === 'asking'}>
        Keep them
      </button>
      {' · '}
      <button type="button" className="link-button" onClick={dismiss}>
        Not now
      </button>
    </p>
  );
}
