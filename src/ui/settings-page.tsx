/**
 * Settings, kept in this browser's IndexedDB by the index worker: the embedding provider and
 * the Voyage key (sent only to the Voyage base URL below, never shown again, removable), the
 * file-size limit and extra ignore patterns for repositories brought in from now on.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import type { EmbeddingProvider, SettingsPatch, SettingsView } from '../browser/protocol';
import { formatBytes } from './format';

interface Props {
  settings: SettingsView | null;
  onSave(patch: SettingsPatch): Promise<SettingsView>;
  demoHidden: boolean;
  onShowDemo(): void;
}

type SaveMessage = { tone: 'pending' | 'success' | 'error'; text: string };

/** The form's fields, filled from the stored settings, and saving them: the message says how the save (and a new key's check) went. */
function useSettingsForm(settings: SettingsView | null, onSave: Props['onSave']) {
  const [provider, setProvider] = useState<EmbeddingProvider>('local');
  const [key, setKey] = useState('');
  const [baseUrl, setBaseUrl] = useState('');
  const [maxKb, setMaxKb] = useState('1024');
  const [patterns, setPatterns] = useState('');
  const [message, setMessage] = useState<SaveMessage | null>(null);

  useEffect(() => {
    if (!settings) return;
    setProvider(settings.provider);
    setBaseUrl(settings.voyageBaseUrl);
    setMaxKb(String(Math.round(settings.maxFileBytes / 1024)));
    setPatterns(settings.ignorePatterns.join('\n'));
  }, [settings]);

  const save = (patch: SettingsPatch, done: string) => {
    // The answer of an earlier save must not stand for this one (a key check takes a request).
    setMessage({ tone: 'pending', text: patch.voyageKey ? 'Saving, and checking the key with Voyage…' : 'Saving…' });
    return onSave(patch).then(
      (saved) => {
        const check = saved.keyCheck;
        // A new key was tried with one request: say what Voyage answered.
        if (!check) setMessage({ tone: 'success', text: done });
        else if (check.outcome === 'rejected')
          setMessage({ tone: 'error', text: `Settings saved, but not the key. ${check.message}` });
        else setMessage({ tone: check.outcome === 'accepted' ? 'success' : 'error', text: `${done} ${check.message}` });
      },
      (e: Error) => setMessage({ tone: 'error', text: e.message }),
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const patch: SettingsPatch = {
      provider,
      voyageBaseUrl: baseUrl.trim(),
      maxFileBytes: Math.round(Number(maxKb) * 1024),
      ignorePatterns: patterns.split('\n'),
    };
    if (key.trim()) patch.voyageKey = key.trim();
    void save(patch, 'Settings saved. They apply to repositories brought in or re-indexed from now on.').then(() =>
      setKey(''),
    );
  };

  const removeKey = () =>
    void save({ voyageKey: null }, 'The Voyage key was removed from this browser; the local model embeds from now on.');

  return {
    provider,
    setProvider,
    key,
    setKey,
    baseUrl,
    setBaseUrl,
    maxKb,
    setMaxKb,
    patterns,
    setPatterns,
    message,
    submit,
    removeKey,
  };
}

export function SettingsPage({ settings, onSave, demoHidden, onShowDemo }: Props) {
  const {
    provider,
    setProvider,
    key,
    setKey,
    baseUrl,
    setBaseUrl,
    maxKb,
    setMaxKb,
    patterns,
    setPatterns,
    message,
    submit,
    removeKey,
  } = useSettingsForm(settings, onSave);
  if (!settings) return <p className="muted">Loading settings…</p>;

  return (
    <section className="settings-page" aria-label="Settings">
      <h2 className="page-title">Settings</h2>
      <form onSubmit={submit} className="settings-form">
        <fieldset>
          <legend>Embedding provider</legend>
          <ProviderRadio value="local" provider={provider} onChoose={setProvider}>
            Local model <span className="muted">— runs in this browser, nothing leaves it</span>
          </ProviderRadio>
          <ProviderRadio value="voyage" provider={provider} onChoose={setProvider}>
            Voyage AI (voyage-code-3) <span className="muted">— chunk texts are sent to Voyage to be embedded</span>
          </ProviderRadio>
          <p className="hint">
            Vectors of different models cannot be compared, so a provider applies to a whole repository: after
            switching, bring the repository in again (or re-index it) and every chunk is embedded by the new provider.
            Repositories indexed before keep the model they were built with. If Voyage fails (a wrong key, a storm of
            429s, no network), the local model embeds the repository instead and the status says why.
          </p>
        </fieldset>
        <fieldset>
          <legend>Voyage</legend>
          <label htmlFor="voyage-key">API key</label>
          <div className="field-row">
            <input
              id="voyage-key"
              type="password"
              autoComplete="off"
              placeholder={settings.hasVoyageKey ? 'a key is stored — type a new one to replace it' : 'pa-…'}
              value={key}
              onChange={(e) => setKey(e.target.value)}
            />
            <button type="button" className="button" disabled={!settings.hasVoyageKey} onClick={removeKey}>
              Remove key
            </button>
          </div>
          <p className="hint" data-testid="key-state">
            {settings.hasVoyageKey ? 'A key is stored in this browser (IndexedDB) only.' : 'No key stored.'} It is sent
            only to the base URL below, in the Authorization header of embedding requests, and never shown again.
          </p>
          <label htmlFor="voyage-base">Base URL</label>
          <input
            id="voyage-base"
            type="url"
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
            spellCheck={false}
          />
          <p className="hint">
            https://api.voyageai.com, or a proxy of yours if the browser cannot reach Voyage directly (CORS).
          </p>
        </fieldset>
        <fieldset>
          <legend>Bringing repositories in</legend>
          <label htmlFor="max-kb">Skip files larger than (KB)</label>
          <input id="max-kb" type="number" min={1} value={maxKb} onChange={(e) => setMaxKb(e.target.value)} />
          <p className="hint">Now {formatBytes(settings.maxFileBytes)}. Larger files are skipped and counted.</p>
          <label htmlFor="ignore-patterns">Extra ignore patterns (one per line, .gitignore syntax)</label>
          <textarea
            id="ignore-patterns"
            rows={4}
            value={patterns}
            onChange={(e) => setPatterns(e.target.value)}
            spellCheck={false}
            placeholder={'*.test.js\nfixtures/'}
          />
        </fieldset>
        <div className="settings-actions">
          <button type="submit" className="button primary">
            Save settings
          </button>
          {demoHidden ? (
            <button type="button" className="button" onClick={onShowDemo}>
              Show the demo again
            </button>
          ) : null}
        </div>
        {message ? (
          <p className={`notice tone-${message.tone}`} role="alert">
            {message.text}
          </p>
        ) : null}
      </form>
    </section>
  );
}

/** One provider choice: its words are one span beside the button, so they wrap as a paragraph, not as flex columns. */
function ProviderRadio({
  value,
  provider,
  onChoose,
  children,
}: {
  value: EmbeddingProvider;
  provider: EmbeddingProvider;
  onChoose(value: EmbeddingProvider): void;
  children: ReactNode;
}) {
  return (
    <label className="radio">
      <input type="radio" name="provider" value={value} checked={provider === value} onChange={() => onChoose(value)} />
      <span>{children}</span>
    </label>
  );
}
