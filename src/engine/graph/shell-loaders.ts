/**
 * Shell functions that load a file named by their argument, and the calls that name one.
 * bash-completion's `_xfunc FILE FUNC` sources completions/FILE (through `__load_completion
 * "$srcfile"`, which runs `. "$compfile"`) before calling FUNC: `_xfunc apt-cache
 * _apt_cache_packages` makes the caller depend on completions/apt-cache as a `. file` would.
 * A function is a loader when its body takes its parameters (`$1`, `"$@"`) and sources a word
 * that expands a value (`. "$file"`, `source "$x"`), or hands a value to a loader; a call of a
 * loader whose first argument is a plain word that is exactly the name of one shell file of the
 * repository (not the caller) imports that file.
 */
import type { CorpusFile } from '../modality';
import { escapeRegExp } from '../text/escape';
import { lineOfOffset, lineStartsOf } from '../text/lines';

/** A command that sources a computed word: `. "$compfile"`, `source "${dir}/$f"`. */
const SOURCES_A_VALUE = /(?:^|[;&|{(]|\bthen|\bdo|\belse)\s*(?:\.|source)[ \t]+["']?[^\s"']*\$/m;
/** The body reads its parameters. */
const READS_PARAMETERS = /\$(?:\{?[1@*]\b|\{?[1@*]\}|[1@*])/;

/** A Bash file, by the walk's language or, where the walk had none, the parser's. */
function isShell(f: Pick<CorpusFile, 'language' | 'analysis'>): boolean {
  return (f.language ?? f.analysis?.language) === 'bash';
}

export interface LoaderCall {
  /** The calling file, the line of the call and the file it loads. */
  from: number;
  line: number;
  target: number;
}

/** The names of the shell functions of the corpus that load a file named by their argument. */
export function shellLoaders(files: readonly Pick<CorpusFile, 'text' | 'analysis' | 'language'>[]): Set<string> {
  const bodies = new Map<string, string>();
  for (const f of files) {
    if (!isShell(f) || !f.analysis || !f.text) continue;
    const lines = f.text.split('\n');
    for (const d of f.analysis.definitions) {
      if (d.kind !== 'function' || d.endLine <= d.startLine) continue;
      // A name defined twice (a file per platform) is a loader if either body is.
      const text = lines.slice(d.startLine, d.endLine).join('\n');
      bodies.set(d.name, bodies.has(d.name) ? `${bodies.get(d.name)}\n${text}` : text);
    }
  }
  const loaders = new Set<string>();
  for (const [name, body] of bodies) if (READS_PARAMETERS.test(body) && SOURCES_A_VALUE.test(body)) loaders.add(name);
  // A function that hands its parameter on to a loader is one (`_xfunc` → `__load_completion`).
  for (let changed = loaders.size > 0; changed;) {
    changed = false;
    for (const [name, body] of bodies) {
      if (loaders.has(name) || !READS_PARAMETERS.test(body)) continue;
      for (const callee of loaders)
        if (new RegExp(String.raw`(?:^|[\s;&|({])${escapeRegExp(callee)}[ \t]+["']?\$`, 'm').test(body)) {
          loaders.add(name);
          changed = true;
          break;
        }
    }
  }
  return loaders;
}

/**
 * The calls of a loader (shellLoaders) whose first argument is a plain word naming exactly one
 * shell file of the corpus, by its file name: `_xfunc list_lists _mailman_lists` →
 * completions/list_lists. A name two files share is no link.
 */
export function shellLoaderCalls(
  files: readonly Pick<CorpusFile, 'path' | 'text' | 'analysis' | 'language'>[],
  loaders: ReadonlySet<string>,
): LoaderCall[] {
  if (loaders.size === 0) return [];
  const byName = shellFilesByName(files, () => true);
  // Read from the text, not the parser's calls: a call inside a quoted word that is run later
  // (`compgen -W '$(_xfunc apt-cache _apt_cache_packages)'`) loads the file too.
  const call = new RegExp(
    String.raw`(?:^|[\s;&|({\`])(${[...loaders].map(escapeRegExp).join('|')})[ \t]+(["']?)([\w.+-]+)\2(?=[\s;&|)'"]|$)`,
    'gm',
  );
  // (Not in a comment: `# _xfunc list_lists …` loads nothing.)
  return callsNaming(
    files,
    byName,
    call,
    (found) => ({ name: found[3], at: found.index + found[0].indexOf(found[1]) }),
    (before) => /^\s*#/.test(before),
  );
}

/**
 * A script of the repository run by its name: the helpers of a shell project are executables in
 * a bin/ or sbin/ folder, put on PATH, and the other scripts run them as commands
 * (`hide_reveal_pxe_img drbl hide $PXE_CONF`, `default_dm="$(drbl-check-dm)"`,
 * `$DRBL_SCRIPT_PATH/sbin/drbl-client-switch`): the caller depends on that script as a `. file`
 * makes it depend on a library. The word must stand where a command does (a line's start, after
 * `;`, `&&`, `|`, `$(`, a backtick, `then`, `do`, `exec` …), bare or after a folder path, and name
 * exactly one shell file of the corpus in such a folder (not the caller); a word in a comment, an
 * argument or a quoted message runs nothing.
 */
export function shellCommandCalls(
  files: readonly Pick<CorpusFile, 'path' | 'text' | 'analysis' | 'language'>[],
): LoaderCall[] {
  const byName = shellFilesByName(files, (f, name) => IN_BIN_FOLDER.test(f.path) && COMMAND_NAME.test(name));
  if (byName.size === 0) return [];
  const names = [...byName.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const command = new RegExp(
    String.raw`(?:^|[;&|({\`!]|\bthen|\bdo|\belse|\bexec|\btime)[ \t]*(?:[\w$@{}./-]*/)?(${names.join('|')})(?=[ \t;&|)\`]|$)`,
    'gm',
  );
  // (Not in a comment: `# run drbl-check-dm first` runs nothing.)
  return callsNaming(
    files,
    byName,
    command,
    (found) => ({ name: found[1], at: found.index + found[0].lastIndexOf(found[1]) }),
    (before) => before.includes('#'),
  );
}

/** The shell files of the corpus that `keep` takes, by their file name. */
function shellFilesByName(
  files: readonly Pick<CorpusFile, 'path' | 'analysis' | 'language'>[],
  keep: (f: Pick<CorpusFile, 'path'>, name: string) => boolean,
): Map<string, number[]> {
  const byName = new Map<string, number[]>();
  files.forEach((f, index) => {
    if (!isShell(f)) return;
    const name = f.path.slice(f.path.lastIndexOf('/') + 1);
    if (!keep(f, name)) return;
    const list = byName.get(name);
    if (list) list.push(index);
    else byName.set(name, [index]);
  });
  return byName;
}

/**
 * The matches of `pattern` in the shell files whose word (`nameAt`: the word and its offset)
 * names exactly one file of `byName` other than the caller: one link per caller and file, at the
 * word's line, none where the line's text before the word is a comment (`commented`).
 */
function callsNaming(
  files: readonly Pick<CorpusFile, 'text' | 'analysis' | 'language'>[],
  byName: ReadonlyMap<string, readonly number[]>,
  pattern: RegExp,
  nameAt: (found: RegExpExecArray) => { name: string; at: number },
  commented: (before: string) => boolean,
): LoaderCall[] {
  const out: LoaderCall[] = [];
  files.forEach((f, from) => {
    if (!isShell(f) || !f.text) return;
    const seen = new Set<number>();
    let lineStarts: Uint32Array | null = null;
    for (const found of f.text.matchAll(pattern)) {
      const { name, at } = nameAt(found);
      const targets = (byName.get(name) ?? []).filter((t) => t !== from);
      if (targets.length !== 1 || seen.has(targets[0])) continue;
      lineStarts ??= lineStartsOf(f.text);
      const line = lineOfOffset(lineStarts, at);
      if (commented(f.text.slice(lineStarts[line - 1], at))) continue;
      seen.add(targets[0]);
      out.push({ from, line, target: targets[0] });
    }
  });
  return out;
}

/** A file in a folder of executables: `bin/x`, `sbin/x`, `share/drbl/bin/x`. */
const IN_BIN_FOLDER = /(?:^|\/)s?bin\/[^/]+$/;
/** A name a command is run by: no extension-less oddities (spaces, leading dots). */
const COMMAND_NAME = /^[A-Za-z_][\w.+-]*$/;
