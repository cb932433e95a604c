/** Questions to try, made by the index worker from the open repository's own code; asked again as its indexes arrive (the graph ranks the names). */
import { useEffect, useState } from 'react';
import type { SuggestedQuery } from '../engine/suggestions';
import type { Workers } from './client';

export function useSuggestions(
  workers: Workers,
  activeId: string | null,
  searchable: boolean,
  liveKey: string,
): SuggestedQuery[] {
  const [made, setMade] = useState<{ id: string; suggestions: SuggestedQuery[] } | null>(null);
  useEffect(() => {
    if (!activeId || !searchable) return;
    let current = true;
    workers.index.suggestions(activeId).then(
      (suggestions) => current && setMade({ id: activeId, suggestions }),
      () => current && setMade({ id: activeId, suggestions: [] }),
    );
    return () => {
      current = false;
    };
  }, [workers, activeId, searchable, liveKey]);
  // Another repository's questions are never shown, not even for the moment the new ones take.
  return made && made.id === activeId ? made.suggestions : [];
}

/** The search box's hint: two of the repository's own questions (a definition and its callers). */
export function placeholderFor(name: string | null, suggestions: SuggestedQuery[]): string {
  if (!name) return 'Bring a repository in, then search it';
  const examples = suggestions
    .filter((s) => s.intent === 'find_definition' || s.intent === 'find_references')
    .map((s) => `“${s.query}”`);
  return examples.length > 0 ? `Search ${name} — try ${examples.join(' or ')}` : `Search ${name}`;
}
