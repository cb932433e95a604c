/**
 * "Bring a repository in": drop a folder, choose one, or clone by URL. This component only
 * gathers the files (or the URL); the app hands them to the workers.
 */
import { useRef, useState, type DragEvent, type FormEvent } from 'react';
import { isAbortError } from '../engine/abort';
import { ISOMORPHIC_GIT_CORS_PROXY } from '../browser/connect-origins';
import { readDirectoryHandle, readDroppedFolder, readFileList, type FolderContents } from '../browser/folder-source';

export const DEFAULT_CORS_PROXY = ISOMORPHIC_GIT_CORS_PROXY;

interface Props {
  /** An indexing job runs: a clone waits for it; a folder chosen now replaces it (the newest choice wins). */
  busy: boolean;
  onFolder(contents: FolderContents): void;
  onClone(url: string, corsProxy: string): void;
  onProblem(message: string): void;
}

type DirectoryPicker = (options?: { mode?: 'read' }) => Promise<FileSystemDirectoryHandle>;

export function BringIn({ busy, onFolder, onClone, onProblem }: Props) {
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  /** Listing a folder takes a moment: only the folder chosen last is delivered, even if an earlier listing ends after it. */
  const choice = useRef(0);

  const deliverLatest = (contents: Promise<FolderContents | null>, problem: (e: Error) => void) => {
    const mine = ++choice.current;
    contents.then(
      (c) => mine === choice.current && deliver(c),
      (e: Error) => mine === choice.current && problem(e),
    );
  };

  const deliver = (contents: FolderContents | null) => {
    if (!contents) onProblem('That was not a folder. Drop or choose the folder at the root of a repository.');
    else if (contents.files.length === 0) onProblem(`“${contents.name}” has no files to index (after .gitignore).`);
    else onFolder(contents);
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    deliverLatest(readDroppedFolder(event.dataTransfer.items), (e) =>
      onProblem(`Could not read the dropped folder: ${e.message}`),
    );
  };

  const choose = (event: React.MouseEvent) => {
    const picker = (window as unknown as { showDirectoryPicker?: DirectoryPicker }).showDirectoryPicker;
    if (!picker) return; // the <input webkitdirectory> opens instead
    event.preventDefault();
    deliverLatest(picker({ mode: 'read' }).then(readDirectoryHandle), (e: Error) => {
      // The picker closed without a choice: nothing to say.
      if (!isAbortError(e)) onProblem(`Could not read that folder: ${e.message}`);
    });
  };

  return (
    <section className="bring-in" aria-labelledby="bring-in-title">
      <h2 id="bring-in-title">Bring a repository in</h2>
      <div
        className={`drop-zone${dragging ? ' is-dragging' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <p>Drop a folder here, or</p>
        <label className="button primary" onClick={choose}>
          Choose folder
          <input
            ref={inputRef}
            className="visually-hidden"
            type="file"
            aria-label="Choose folder"
            webkitdirectory=""
            {...({ directory: '' } as object)}
            multiple
            onChange={(e) => {
              const list = e.currentTarget.files;
              const listed = performance.now();
              if (list)
                deliverLatest(
                  readFileList(list).finally(() => performance.measure('fourfold:list', { start: listed })),
                  (err) => onProblem(`Could not read that folder: ${err.message}`),
                );
              e.currentTarget.value = '';
            }}
          />
        </label>
        <p className="hint">
          {busy
            ? 'Choosing another folder now stops the indexing that runs and indexes that folder instead.'
            : 'Files stay in this browser. .gitignore is respected; binary and very large files are skipped.'}
        </p>
      </div>
      <CloneForm busy={busy} onClone={onClone} />
    </section>
  );
}

/** Clone by URL, through an optional CORS proxy (remembered in this browser). */
function CloneForm({ busy, onClone }: Pick<Props, 'busy' | 'onClone'>) {
  const [url, setUrl] = useState('');
  const [corsProxy, setCorsProxy] = useState(() => localStorage.getItem('fourfold.corsProxy') ?? '');
  const submitClone = (event: FormEvent) => {
    event.preventDefault();
    localStorage.setItem('fourfold.corsProxy', corsProxy.trim());
    onClone(url.trim(), corsProxy.trim());
  };
  return (
    <form className="clone-form" onSubmit={submitClone}>
      <label htmlFor="clone-url">Repository URL</label>
      <div className="field-row">
        <input
          id="clone-url"
          type="url"
          inputMode="url"
          placeholder="https://github.com/owner/repo"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          spellCheck={false}
          autoComplete="off"
        />
        <button type="submit" className="button" disabled={busy || url.trim() === ''}>
          Clone
        </button>
      </div>
      <label htmlFor="cors-proxy">CORS proxy</label>
      <input
        id="cors-proxy"
        type="url"
        placeholder={`none — e.g. ${DEFAULT_CORS_PROXY}`}
        value={corsProxy}
        onChange={(e) => setCorsProxy(e.target.value)}
        spellCheck={false}
        autoComplete="off"
      />
      <p className="hint">
        GitHub, GitLab and Bitbucket do not answer web pages directly; clone them through a CORS proxy.
      </p>
    </form>
  );
}
