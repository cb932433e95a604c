/**
 * One search box; beside it, as you type, what the classifier decided (intent, confidence,
 * the rule that fired) and how the last search was answered (direct or fused). Preset and
 * modality controls below. The UI shows these; the engine decides them.
 */
import { forwardRef, useState, type KeyboardEvent } from 'react';
import { MODALITIES, type Modality, type Preset, type QueryPlan, type UnderstoodQuery } from '../engine/contract';
import { parseQuery, SYNTAX_HELP } from '../engine/query-syntax';
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
  { preset: 'thorough', title: 'All four modalities, k = 40' },
];

export const SearchBar = forwardRef<HTMLInputElement, Props>(function SearchBar(props, ref) {
  const { query, plan, answer, preset, modalities, disabled } = props;
  const [helpOpen, setHelpOpen] = useState(false);
  // What the query syntax understood, parsed here as you type (the engine parses the same way).
  const understood = parseQuery(query);
  const asksForHelp = query.trim() === '?';
  const error = understood.error ?? (answer && answer.query.query === query ? answer.query.error : undefined);
  const ran = new Set(answer?.query.modalities.filter((m) => m.ran).map((m) => m.modality) ?? []);
  const checked = (m: Modality) => (modalities ? modalities.includes(m) : ran.has(m));
  const toggle = (m: Modality) => {
    const current = MODALITIES.filter(checked);
    const next = current.includes(m)
      ? current.filter((x) => x !== m)
      : MODALITIES.filter((x) => x === m || current.includes(x));
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
        <button
          type="button"
          className="syntax-help-toggle"
          aria-label="Query syntax help"
          aria-expanded={helpOpen || asksForHelp}
          title="Query syntax (or type ? in the box)"
          onClick={() => setHelpOpen((x) => !x)}
        >
          ?
        </button>
      </div>
      {helpOpen || asksForHelp ? <SyntaxHelp /> : null}
      {error ? (
        <p className="query-error" role="alert" aria-label="Query error">
          {error}
        </p>
      ) : null}
      <UnderstoodChips understood={understood} />
      <p className="intent-line" aria-label="Query intent">
        {plan && query.trim() && !asksForHelp ? (
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
          <span className="fact muted">Type a question, a name, an error or a "quoted string" — ? for the syntax.</span>
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

/** Chips for what the syntax took out of the query: the regex, the filters, case. Nothing when it is a plain question. */
function UnderstoodChips({ understood: u }: { understood: UnderstoodQuery }) {
  if (u.error) return null;
  const chips: { label: string; value: string; negated?: boolean }[] = [
    ...(u.regex !== undefined ? [{ label: 'regex', value: `/${u.regex}/` }] : []),
    ...u.paths.map((p) => ({ label: 'path', value: p })),
    ...u.excludedPaths.map((p) => ({ label: 'not path', value: p, negated: true })),
    ...u.languages.map((l) => ({ label: 'lang', value: l })),
    ...u.excludedLanguages.map((l) => ({ label: 'not lang', value: l, negated: true })),
    ...(u.caseSensitive ? [{ label: 'case', value: 'sensitive' }] : []),
  ];
  if (chips.length === 0) return null;
  return (
    <p className="understood" aria-label="Understood query">
      {u.text ? (
        <span className="chip subtle" title="the question">
          {u.text.length > 60 ? `${u.text.slice(0, 57)}…` : u.text}
        </span>
      ) : null}
      {chips.map((c, i) => (
        <span key={i} className={`chip syntax${c.negated ? ' negated' : ''}`}>
          <span className="chip-label">{c.label}</span> {c.value}
        </span>
      ))}
    </p>
  );
}

function SyntaxHelp() {
  return (
    <div className="syntax-help" role="note" aria-label="Query syntax">
      <p>A plain question, plus any of these (they combine, as on GitHub and Sourcegraph):</p>
      <dl>
        {SYNTAX_HELP.map(({ syntax, meaning }) => (
          <div key={syntax}>
            <dt>
              <code>{syntax}</code>
            </dt>
            <dd>{meaning}</dd>
          </div>
        ))}
      </dl>
      <p className="muted small">
        Example: <code>how is retry scheduled path:src/** -path:test lang:ts</code>
      </p>
    </div>
  );
}
