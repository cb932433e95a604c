/**
 * Tree-sitter's wasm compiled two or more ways, compared in one process: each runtime variant is
 * its own instance of web-tree-sitter's module (imported under its own URL), each grammar
 * variant its own Language. The JavaScript and TypeScript files of a folder are parsed and
 * queried with the tag queries by every variant in turn, 40 files at a time in a rotating order,
 * so the machine's load falls on all of them alike; per pass, each variant's process CPU of the
 * parses and of the queries, and a signature of the trees' node counts and the matches' counts.
 *
 *   npx tsx bench/wasm-ab.ts [--folder .cache/bench/corpus-10mb] [--rounds 6] NAME:RUNTIME:JS:TS ...
 *
 * RUNTIME, JS and TS are .wasm files, `-` for the shipped one. Pass 0 is a warm-up (Liftoff,
 * tier-up). docs/bench/HISTORY.md (forty-second session, h42-perf) has what it measured.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

type TreeSitter = typeof import('web-tree-sitter');
type Lang = 'js' | 'ts';

const require = createRequire(import.meta.url);
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
const shipped: Record<'rt' | Lang, string> = {
  rt: require.resolve('web-tree-sitter/web-tree-sitter.wasm'),
  js: join(packageDir('tree-sitter-javascript'), 'tree-sitter-javascript.wasm'),
  ts: join(packageDir('tree-sitter-typescript'), 'tree-sitter-typescript.wasm'),
};
const jsTags = readFileSync(join(packageDir('tree-sitter-javascript'), 'queries/tags.scm'), 'utf8');
const tags: Record<Lang, string> = {
  js: jsTags,
  ts: `${jsTags}\n${readFileSync(join(packageDir('tree-sitter-typescript'), 'queries/tags.scm'), 'utf8')}`,
};

const args = process.argv.slice(2);
let folder = '.cache/bench/corpus-10mb';
let rounds = 6;
const specs: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--folder') folder = args[++i];
  else if (args[i] === '--rounds') rounds = Number(args[++i]);
  else specs.push(args[i]);
}
if (specs.length === 0) throw new Error('usage: wasm-ab.ts [--folder DIR] [--rounds N] NAME:RUNTIME:JS:TS ...');

const files: { lang: Lang; text: string }[] = [];
(function walk(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full);
    else if (/\.[cm]?js$/.test(entry.name)) files.push({ lang: 'js', text: readFileSync(full, 'utf8') });
    else if (/\.ts$/.test(entry.name)) files.push({ lang: 'ts', text: readFileSync(full, 'utf8') });
  }
})(resolve(folder));

interface Variant {
  name: string;
  langs: Record<Lang, { parser: InstanceType<TreeSitter['Parser']>; query: InstanceType<TreeSitter['Query']> }>;
}
const glue = pathToFileURL(join(dirname(shipped.rt), 'web-tree-sitter.js')).href;
const variants: Variant[] = [];
for (const [i, spec] of specs.entries()) {
  const [name, rt, js, ts] = spec.split(':');
  const ts$ = (await import(`${glue}?variant=${i}`)) as TreeSitter;
  await ts$.Parser.init({ wasmBinary: new Uint8Array(readFileSync(rt === '-' ? shipped.rt : rt)) });
  const langs = {} as Variant['langs'];
  for (const [lang, file] of [
    ['js', js],
    ['ts', ts],
  ] as const) {
    const language = await ts$.Language.load(new Uint8Array(readFileSync(file === '-' ? shipped[lang] : file)));
    const parser = new ts$.Parser();
    parser.setLanguage(language);
    langs[lang] = { parser, query: new ts$.Query(language, tags[lang]) };
  }
  variants.push({ name, langs });
}

const cpu = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};
interface Spent {
  parse: number;
  query: number;
  signature: number;
}
function run(variant: Variant, from: number, to: number, spent: Spent): void {
  for (let i = from; i < to; i++) {
    const { parser, query } = variant.langs[files[i].lang];
    const t0 = cpu();
    const tree = parser.parse(files[i].text)!;
    const t1 = cpu();
    const matches = query.matches(tree.rootNode);
    const t2 = cpu();
    spent.parse += t1 - t0;
    spent.query += t2 - t1;
    spent.signature = (spent.signature * 31 + matches.length + tree.rootNode.descendantCount) % 1e9;
    tree.delete();
  }
}

const BATCH = 40;
for (let round = 0; round <= rounds; round++) {
  const spent = variants.map((): Spent => ({ parse: 0, query: 0, signature: 0 }));
  for (let from = 0, k = 0; from < files.length; from += BATCH, k++) {
    for (let j = 0; j < variants.length; j++) {
      const i = (j + k) % variants.length;
      run(variants[i], from, Math.min(files.length, from + BATCH), spent[i]);
    }
  }
  const load = Number(readFileSync('/proc/loadavg', 'utf8').split(' ')[0]);
  for (const [i, variant] of variants.entries()) {
    const { parse, query, signature } = spent[i];
    console.log(
      JSON.stringify({
        round,
        variant: variant.name,
        parse: +parse.toFixed(3),
        query: +query.toFixed(3),
        signature,
        load,
      }),
    );
  }
}
