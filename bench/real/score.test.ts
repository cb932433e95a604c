import { describe, expect, it } from 'vitest';
import { queryCell, readQuestions } from './questions';
import { PROJECTS, readProject } from './projects';
import { answers, groupsOf, KINDS, score } from './score';

const sha1 = 'x';

describe('real-repository scorer', () => {
  const method = groupsOf([{ path: 'core.py', start: 100, end: 125, line: 100, sha1 }])[0];

  it('takes a result holding the name line that is not much wider than the function', () => {
    expect(answers({ path: 'core.py', startLine: 100, endLine: 125 }, method, 'line')).toBe(true);
    expect(answers({ path: 'core.py', startLine: 90, endLine: 140 }, method, 'line')).toBe(true); // 51 ≤ 2 × 26
  });

  it('refuses the whole class, another file, or a range missing the line', () => {
    expect(answers({ path: 'core.py', startLine: 10, endLine: 660 }, method, 'line')).toBe(false);
    expect(answers({ path: 'core.py', startLine: 10, endLine: 660 }, method, 'contains')).toBe(true);
    expect(answers({ path: 'core.py', startLine: 10, endLine: 660 }, method, 'file')).toBe(true);
    expect(answers({ path: 'other.py', startLine: 100, endLine: 125 }, method, 'file')).toBe(false);
    expect(answers({ path: 'core.py', startLine: 101, endLine: 125 }, method, 'line')).toBe(false);
  });

  it('groups call lines by caller: every true call site is precise, each caller is recalled once', () => {
    const groups = groupsOf([
      { path: 'a.py', start: 1, end: 20, line: 5, sha1 },
      { path: 'a.py', start: 1, end: 20, line: 9, sha1 },
      { path: 'b.py', start: 30, end: 40, line: 33, sha1 },
    ]);
    expect(groups).toHaveLength(2);
    const s = score(
      [
        { path: 'a.py', startLine: 5, endLine: 5 },
        { path: 'a.py', startLine: 9, endLine: 9 },
        { path: 'c.py', startLine: 1, endLine: 1 },
      ],
      groups,
      'line',
    );
    expect(s.hit1).toBe(1);
    expect(s.precision10).toBeCloseTo(2 / 3);
    expect(s.recall10).toBe(0.5);
  });
});

describe('real-repository question set', async () => {
  const questions = await readQuestions();

  /**
   * Held-out questions read while changing code, moved to the tuning half: the five dependants
   * questions, read in the fourteenth session to find the class the graph missed.
   */
  const READ_HELD_OUT_QUESTIONS: ReadonlySet<string> = new Set([
    'requests:dependants:10',
    'requests:dependants:17',
    'clap:dependants:9',
    'monolog:dependants:9',
    'rack:dependants:9',
  ]);

  it('has at least 80 questions, unique ids, known projects and kinds, both halves', () => {
    expect(questions.length).toBeGreaterThanOrEqual(80);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
    const names = new Set(PROJECTS.map((p) => p.name));
    for (const q of questions) {
      expect(names.has(q.project), q.id).toBe(true);
      expect(KINDS.includes(q.kind), q.id).toBe(true);
      const projectHalf = PROJECTS.find((p) => p.name === q.project)!.half;
      expect(q.half, q.id).toBe(READ_HELD_OUT_QUESTIONS.has(q.id) ? 'tuning' : projectHalf);
      expect(q.expected.length, q.id).toBeGreaterThan(0);
      for (const e of q.expected) {
        expect(e.sha1, q.id).toMatch(/^[0-9a-f]{40}$/);
        if (q.kind !== 'dependants') expect(e.start! <= e.line! && e.line! <= e.end!, q.id).toBe(true);
      }
    }
    expect(new Set(questions.map((q) => q.half))).toEqual(new Set(['tuning', 'held-out']));
  });
});

describe('the report', () => {
  it('keeps a pasted multi-line message with pipes in one table cell', () => {
    const boxed =
      'In ArgvInput.php line 251:\n\n  The "--limit" option requires a value.\n\napp:export [--limit LIMIT] [--] <file>|x';
    const cell = queryCell(boxed);
    expect(cell).not.toMatch(/\n/);
    expect(cell.split(/(?<!\\)\|/)).toHaveLength(1);
    expect(cell).toContain('The "--limit" option requires a value.');
  });
});

describe('real-repository answers against the fetched sources', async () => {
  const questions = await readQuestions();
  // Only what an earlier eval already fetched into .cache/real: a unit test never calls apt.
  const loaded = (await Promise.all(PROJECTS.map((p) => readProject(p)))).filter((p) => p !== null);

  it.skipIf(loaded.length === 0)('every expected path exists, its sha1 matches and its lines are in the file', () => {
    for (const project of loaded) {
      const lines = new Map(project.files.map((f) => [f.path, f.text.split('\n').length]));
      for (const q of questions.filter((x) => x.project === project.project.name))
        for (const e of [...q.expected, ...(q.exclude ? [q.exclude] : [])]) {
          expect(project.sha1.get(e.path), `${q.id} ${e.path}`).toBe(e.sha1);
          if (e.end !== undefined) expect(e.end, `${q.id} ${e.path}`).toBeLessThanOrEqual(lines.get(e.path)!);
        }
    }
  });
});
