/** What the search page shows before a question: the demo's suggested queries, a guide to asking, or how to bring a repository in. */
import { DEMO_QUERIES } from '../browser/demo';

interface Props {
  hasRepository: boolean;
  isDemo: boolean;
  onSuggest(query: string): void;
}

export function EmptyState({ hasRepository, isDemo, onSuggest }: Props) {
  return (
    <section className="empty-state">
      <EmptyStateBody hasRepository={hasRepository} isDemo={isDemo} onSuggest={onSuggest} />
    </section>
  );
}

function EmptyStateBody({ hasRepository, isDemo, onSuggest }: Props) {
  if (hasRepository && isDemo) return <DemoWelcome onSuggest={onSuggest} />;
  if (hasRepository) return <AskingGuide />;
  return <p>Drop a folder, choose one, or clone a repository by URL. Everything stays in this browser.</p>;
}

function DemoWelcome({ onSuggest }: { onSuggest(query: string): void }) {
  return (
    <>
      <p>
        This is <b>Svelte</b>'s source (MIT), indexed ahead of time so you can try Fourfold without bringing anything.
        Try one question per intent:
      </p>
      <ul className="suggestions" aria-label="Suggested queries">
        {DEMO_QUERIES.map(({ intent, query }) => (
          <li key={intent}>
            <button type="button" className="suggestion" onClick={() => onSuggest(query)}>
              <code>{query}</code>
            </button>{' '}
            <span className="muted">{intent.replace(/_/g, ' ')}</span>
          </li>
        ))}
      </ul>
      <p className="muted">
        Or bring your own repository in: drop a folder, choose one, or clone by URL. Everything stays in this browser.
      </p>
    </>
  );
}

function AskingGuide() {
  return (
    <>
      <p>Ask the way you would ask a colleague. Each query is routed by intent:</p>
      <ul>
        <li>
          <code>function render</code>, <code>parseConfig</code> — where something is defined
        </li>
        <li>
          <code>who calls diff</code> — its callers and references
        </li>
        <li>
          <code>what depends on options</code> — the blast radius of a change
        </li>
        <li>
          <code>"exact text"</code>, <code>TypeError</code> — literal matches
        </li>
        <li>
          <code>how does rendering work</code> — understanding code
        </li>
      </ul>
      <p className="muted">
        Press <kbd>/</kbd> to search, <kbd>↑</kbd> <kbd>↓</kbd> to move, <kbd>Enter</kbd> to open.
      </p>
    </>
  );
}
