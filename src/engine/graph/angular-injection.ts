/**
 * AngularJS dependency injection: a file registers a service under a string
 * (`angular.module('app').factory('app.api.swift', swiftAPI)`, `.service(…)`, `.controller(…)`)
 * and the files that use it ask the injector for that string (`ctrl.$inject = ['app.api.swift']`,
 * `['app.api.swift', function (swift) {…}]`, `$injector.get('app.api.swift')`). No import names
 * the registering file, yet the injecting file depends on it as on a `require` of it.
 *
 * A registration is `.factory|service|provider|constant|value|controller|filter|directive|component`
 * called with a quoted name and a second argument; `$provide.value('x', mock)` overrides a service
 * (a test's double, a decorator) and registers none. An injection is a quoted string, outside a
 * comment, standing as an array element or a call argument (`[`, `,` or `(` before it; `,`, `]`
 * or `)` after), equal to a name exactly one other file registers. A provider is also injected by
 * its name and `Provider` (`fooProvider` in a config block).
 */
import type { CorpusFile } from '../modality';
import { blockCommentLines, isCommentLine } from '../comment-lines';
import { lineOfOffset, lineStartsOf, textOfLine } from '../text/lines';
import type { LoaderCall } from './shell-loaders';

const SCRIPT_LANGUAGES: ReadonlySet<string> = new Set(['javascript', 'typescript', 'tsx']);

const REGISTRATION =
  /(?<!\$provide)\.(factory|service|provider|constant|value|controller|filter|directive|component)\(\s*(['"])([^'"\\\n]+)\2\s*,/g;
/** A quoted string that can be an injected name (no blanks, no escapes). */
const QUOTED = /(['"])([^'"\\\s]+)\1/g;

/** A corpus file, or in a test its text and language alone. */
type ScriptFile = Pick<CorpusFile, 'text' | 'language'> & { analysis?: Pick<CorpusFile['analysis'], 'language'> };

function isScript(f: ScriptFile): boolean {
  return SCRIPT_LANGUAGES.has(f.language ?? f.analysis?.language ?? '');
}

/** Whether the line holding offset `at` is a comment line (its own, or inside a block comment above). */
function inComment(
  text: string,
  at: number,
  starts: Uint32Array,
  blocks: Uint8Array | null,
  language: CorpusFile['language'],
): boolean {
  const line = lineOfOffset(starts, at);
  if (blocks && blocks[line - 1] === 1) return true;
  if (isCommentLine(textOfLine(text, line), language ?? 'javascript')) return true;
  // A trailing `// …` before the string on its own line.
  return text.slice(starts[line - 1], at).includes('//');
}

/** The names each script file registers with an AngularJS module (or `$provide`-free injector call), by name. */
export function angularRegistrations(files: readonly ScriptFile[]): Map<string, number[]> {
  const byName = new Map<string, number[]>();
  files.forEach((f, index) => {
    if (!isScript(f) || !f.text || !f.text.includes('(')) return;
    let starts: Uint32Array | null = null;
    let blocks: Uint8Array | null | undefined;
    for (const found of f.text.matchAll(REGISTRATION)) {
      starts ??= lineStartsOf(f.text);
      blocks ??= blockCommentLines(f.text, f.language ?? 'javascript');
      if (inComment(f.text, found.index, starts, blocks, f.language)) continue;
      const names = found[1] === 'provider' ? [found[3], `${found[3]}Provider`] : [found[3]];
      for (const name of names) {
        const list = byName.get(name);
        if (!list) byName.set(name, [index]);
        else if (!list.includes(index)) list.push(index);
      }
    }
  });
  return byName;
}

const BEFORE_ELEMENT = /[[,(]\s*$/;
const AFTER_ELEMENT = /^\s*[,\])]/;

/**
 * The injections of registered names (angularRegistrations): one link per injecting file,
 * registering file and line, where exactly one file other than the injecting one registers the
 * name.
 */
export function angularInjections(files: readonly ScriptFile[]): LoaderCall[] {
  const registered = angularRegistrations(files);
  if (registered.size === 0) return [];
  const out: LoaderCall[] = [];
  files.forEach((f, from) => {
    if (!isScript(f) || !f.text) return;
    const text = f.text;
    let starts: Uint32Array | null = null;
    let blocks: Uint8Array | null | undefined;
    const seen = new Set<string>();
    for (const found of text.matchAll(QUOTED)) {
      const targets = registered.get(found[2]);
      if (!targets || targets.length !== 1 || targets[0] === from) continue;
      const at = found.index;
      if (!BEFORE_ELEMENT.test(text.slice(Math.max(0, at - 200), at))) continue;
      if (!AFTER_ELEMENT.test(text.slice(at + found[0].length, at + found[0].length + 200))) continue;
      starts ??= lineStartsOf(text);
      blocks ??= blockCommentLines(text, f.language ?? 'javascript');
      if (inComment(text, at, starts, blocks, f.language)) continue;
      const line = lineOfOffset(starts, at);
      const key = `${targets[0]}:${line}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ from, line, target: targets[0] });
    }
  });
  return out;
}
