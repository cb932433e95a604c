/** What the search page shows before a question: questions to try (made from the open repository), or how to bring a repository in. */
import type { SuggestedQuery } from '../engine/suggestions';

interface Props {
  hasRepository: boolean;
  isDemo: boolean;
  /** Questions made from the open repository's own code (the demo's are its own); empty while they are asked for. */
  suggestions: SuggestedQuery[];
  onSuggest(query: string): void;
}

export function EmptyState(props: Props) {
  return (
    <section className="empty-state">
      <EmptyStateBody {...props} />
    </section>
  );
}

function EmptyStateBody({ hasRepository, isDemo, suggestions, onSuggest }: Props) {
  if (hasRepository && isDemo) return <DemoWelcome suggestions={suggestions} onSuggest={onSuggest} />;
  if (hasRepository) return <AskingGuide suggestions={suggestions} onSuggest={onSuggest} />;
  return <p>Drop a folder, choose one, or clone a repository by URL. Everything stays in this browser.</p>;
}

/** What each intent finds, said after its suggested question. */
const INTENT_SAYS: Record<SuggestedQuery['intent'], string> = {
  find_definition: 'where something is defined',
  find_references: 'its callers and references',
  impact_analysis: 'the blast radius of a change',
  exact_match: 'literal matches',
  understand_code: 'understanding code',
  find_similar: 'code like it',
};

function SuggestionList({ suggestions, onSuggest }: Pick<Props, 'suggestions' | 'onSuggest'>) {
  if (suggestions.length === 0) return null;
  return (
    <ul className="suggestions" aria-label="Suggested queries">
      {suggestions.map(({ intent, query }) => (
        <li key={intent} data-intent={intent}>
          <button type="button" className="suggestion" onClick={() => onSuggest(query)}>
            <code>{query}</code>
          </button>{' '}
          <span className="muted">{INTENT_SAYS[intent]}</span>
        </li>
      ))}
    </ul>
  );
}

function DemoWelcome({ suggestions, onSuggest }: Pick<Props, 'suggestions' | 'onSuggest'>) {
  return (
    <>
      <p>
        This is <b>Svelte</b>'s source (MIT), indexed ahead of time so you can try Fourfold without bringing anything.
        Try one question per intent:
      </p>
      <SuggestionList suggestions={suggestions} onSuggest={onSuggest} />
      <p className="muted">
        Or bring your own repository in: drop a folder, choose one, or clone by URL. Everything stays in this browser.
      </p>
    </>
  );
}

function AskingGuide({ suggestions, onSuggest }: Pick<Props, 'suggestions' | 'onSuggest'>) {
  return (
    <>
      {suggestions.length > 0 ? (
        <>
          <p>Ask the way you would ask a colleague. Each query is routed by intent; these come from this repository:</p>
          <SuggestionList suggestions={suggestions} onSuggest={onSuggest} />
        </>
      ) : (
        // While a repository is still being built its questions are not made yet: no empty list.
        <p>
          Ask the way you would ask a colleague: a name, a question about how something works, an error message or a
          &quot;quoted string&quot;. Each query is routed by intent.
        </p>
      )}
      <p className="muted">
        Press <kbd>/</kbd> to search, <kbd>↑</kbd> <kbd>↓</kbd> to move, <kbd>Enter</kbd> to open.
      </p>
    </>
  );
}
