/**
 * One search box; beside it, as you type, what the classifier decided (intent, confidence,
 * the rule that fired) and how the last search was answered (direct or fused). Preset and
 * modality controls below. The UI shows these; the engine decides them.
 */
import { forwardRef, type KeyboardEvent } from 'react';
import { MODALITIES, type Modality, type Preset, type QueryPlan } from '../engine/contract';
import type { SearchView } from '../browser/protocol';
import { intentLabel } from './format';

interface Props {
  query: string;
  onQuery(query: string): void;
  onKeyDown(event: KeyboardEvent<HTMLInputElement>): void;
  plan: QueryPlan | null;
  /** The last answer, if it answers the current query. */
  answer: SearchView | null;
  preset: Preset;
  onPreset(preset: Preset): void;
  modalities: Modality[] | null;
  onModalities(modalities: Modality[] | null): void;
  disabled: boolean;
  placeholder: string;
}

const PRESETS: { preset: Preset; title: string }[] = [
  { preset: 'quick', title: 'Semantic only, no fusion' },
  { preset: 'default', title: 'Three modalities chosen by intent, k = 40' },
  { preset: 'thorough', title: 'All four modalities, k = 60' },
];

export const SearchBar = forwardRef<HTMLInputElement, Props>(function SearchBar(props, ref) {
  const { query, plan, answer, preset, modalities, disabled } = props;
  const ran = new Set(answer?.query.modalities.filter((m) => m.ran).map((m) => m.modality) ?? []);
  const checked = (m: Modality) => (modalities ? modalities.includes(m) : ran.has(m));
  const toggle = (m: Modality) => {
    const current = MODALITIES.filter(checked);
    const next = current.includes(m) ? current.filter((x) => x !== m) : MODALITIES.filter((x) => x === m || current.includes(x));
    props.onModalities(next.length > 0 ? next : null);
  };
  return (
    <div className="search-bar">
      <div className="search-field">
        <svg aria-hidden="true" viewBox="0 0 16 16" className="search-icon">
          <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M10.5 10.5 14 14" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </svg>
        <input
          ref={ref}
          type="search"
          aria-label="Search code"
          placeholder={props.placeholder}
          value={query}
          disabled={disabled}
          onChange={(e) => props.onQuery(e.target.value)}
          onKeyDown={props.onKeyDown}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="off"
        />
        <kbd className="search-key" aria-hidden="true">
          /
        </kbd>
      </div>
      <p className="intent-line" aria-label="Query intent">
        {plan && query.trim() ? (
          <>
            <span className="chip intent">{intentLabel(plan.intent)}</span>
            <span className="fact">
              confidence <b>{plan.confidence.toFixed(2)}</b>
            </span>
            <span className="fact">
              rule <b>{plan.rule}</b>
            </span>
            <span className="fact">
              strategy <b>{answer && answer.query.query === query ? answer.query.strategy : '…'}</b>
            </span>
          </>
        ) : (
          <span className="fact muted">Type a question, a name, an error or a "quoted string".</span>
        )}
      </p>
      <div className="controls">
        <fieldset className="segmented" aria-label="Preset">
          {PRESETS.map(({ preset: p, title }) => (
            <label key={p} title={title} className={p === preset ? 'is-checked' : undefined}>
              <input type="radio" name="preset" value={p} checked={p === preset} onChange={() => props.onPreset(p)} />
              {p}
            </label>
          ))}
        </fieldset>
        <fieldset className="modalities" aria-label="Modalities">
          {MODALITIES.map((m) => (
            <label key={m} className={`modality-toggle m-${m}${modalities ? '' : ' is-auto'}`}>
              <input type="checkbox" checked={checked(m)} onChange={() => toggle(m)} />
              <span className="swatch" aria-hidden="true" />
              {m}
            </label>
          ))}
          {modalities ? (
            <button type="button" className="link-button" onClick={() => props.onModalities(null)}>
              use preset
            </button>
          ) : (
            <span className="muted small">chosen by preset</span>
          )}
        </fieldset>
      </div>
    </div>
  );
});
