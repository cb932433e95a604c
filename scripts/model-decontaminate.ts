/**
 * Model pipeline step 3 — decontaminate: `npx tsx scripts/model-decontaminate.ts`
 *
 * No pair may come from, or repeat, the packages kept for independent checks (rxjs, zod,
 * lodash-es, three, lodash, lodash.*) or the packages `npm run eval` scores: the npm corpora
 * (bench/eval/corpora.ts), the understand set's projects (bench/understand/projects.ts) and
 * the real-repository projects (bench/real/projects.ts). The scored packages' sources are
 * fingerprinted — every doc sentence and every comment-free definition body, with the same
 * extraction the miner uses — and a training pair is dropped when it comes from one of those
 * packages by name (a Debian crate's other major versions included: librust-clap-3-dev is
 * clap), when its doc sentence or summary occurs in them, or when its normalised body does.
 * The reserved packages are never fetched, so their filter is by name and by path (a vendored
 * `lodash.js` or `rxjs/` directory inside another package). Reads .cache/model/pairs.jsonl,
 * writes .cache/model/clean.jsonl and .cache/model/decontaminate.json (the counts the model
 * card shows).
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { StructuralAnalyzer } from '../src/engine/structural/analyzer';
import { languageForPath } from '../src/engine/structural/grammars';
import { nodeGrammars } from '../src/node/grammars';
import { CORPORA } from '../bench/eval/corpora';
import { PROJECTS as REAL_PROJECTS, loadProject as loadRealProject } from '../bench/real/projects';
import {
  PROJECTS as UNDERSTAND_PROJECTS,
  UNDERSTAND_CACHE,
  loadProject as loadUnderstandProject,
} from '../bench/understand/projects';
import { MODEL_CACHE, type FetchManifest, type Pair, logStep, runMain, writeJson } from './model-cache';
import { RESERVED_NAME } from './model-fetch';
import {
  blankComments,
  codeText,
  codeTokens,
  commentBody,
  commentSyntax,
  docSummary,
  docViews,
  firstSentence,
} from './model-pairs';

/** Lower-case words only: "Returns the `value`." and "returns the value" are the same sentence. */
export function normalisedSentence(s: string): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Identifier and number tokens of the body (the code side minus its path line). */
export function normalisedBody(code: string): string {
  return codeTokens(code).join(' ');
}

export interface ReferenceFingerprints {
  sentences: Set<string>;
  bodies: Set<string>;
  files: number;
}

/** Every doc sentence and definition body of the reference packages. */
export async function referenceFingerprints(dirs: string[]): Promise<ReferenceFingerprints> {
  const analyzer = await StructuralAnalyzer.create(nodeGrammars);
  const fp: ReferenceFingerprints = { sentences: new Set(), bodies: new Set(), files: 0 };
  const walk = (dir: string, root: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = join(dir, name);
      // A Debian package's symlink into the system that installed it (htmlpurifier's
      // `Serializer -> /var/lib/php-htmlpurifier/Serializer`) points nowhere here: nothing to read.
      const st = statSync(full, { throwIfNoEntry: false });
      if (!st) continue;
      if (st.isDirectory()) walk(full, root);
      else if (st.size <= 5_000_000 && languageForPath(name)) {
        const path = relative(root, full).replace(/^package\//, '');
        const text = readFileSync(full, 'utf8');
        fp.files++;
        const analysis = analyzer.analyze(path, text);
        const blanked = blankComments(text, commentSyntax(analysis.language ?? 'javascript')).split('\n');
        for (const def of analysis.definitions) {
          if (def.doc) {
            const summary = docSummary(def.doc);
            fp.sentences.add(normalisedSentence(firstSentence(summary)));
            fp.sentences.add(normalisedSentence(summary));
            fp.sentences.add(normalisedSentence(commentBody(def.doc)));
            // The miner's own reading of the language (Doxygen, kernel-doc, RDoc) as well.
            const views = docViews(def.doc, def.name, analysis.language ?? undefined);
            if (views) {
              fp.sentences.add(normalisedSentence(views.sentence));
              if (views.summary) fp.sentences.add(normalisedSentence(views.summary));
            }
          }
          const body = normalisedBody(codeText(path, def, blanked));
          if (body) fp.bodies.add(body);
        }
      }
    }
  };
  for (const dir of dirs) walk(dir, dir);
  analyzer.dispose();
  fp.sentences.delete('');
  return fp;
}

/** A Debian package's name without its major-version suffix: librust-clap-3-dev and librust-clap-dev are one project. */
export function projectKey(name: string): string {
  return name.replace(/-\d+(-dev)$/, '$1');
}

/** Names of every package `npm run eval` scores, as projectKey gives them. */
export function evaluatedPackages(): Set<string> {
  return new Set(
    [...CORPORA.map((c) => c.pkg), ...REAL_PROJECTS.map((p) => p.pkg), ...UNDERSTAND_PROJECTS.map((p) => p.deb)].map(
      projectKey,
    ),
  );
}

/** A path with a reserved package's name as a folder or file name: a vendored copy. */
export function hasReservedPath(code: string): boolean {
  const path = code.slice(0, code.indexOf('\n') < 0 ? code.length : code.indexOf('\n'));
  return path.split('/').some((segment) => RESERVED_NAME.test(segment.replace(/(\.min)?\.[cm]?[jt]sx?$/, '')));
}

/** Source folders of the understand and real-repository projects (fetched by their own loaders when missing). */
async function evaluatedProjectDirs(): Promise<string[]> {
  const log = (m: string) => logStep('decontaminate', m);
  const dirs: string[] = [];
  for (const spec of UNDERSTAND_PROJECTS) {
    loadUnderstandProject(spec, log);
    dirs.push(join(UNDERSTAND_CACHE, 'src', spec.deb, spec.root));
  }
  for (const project of REAL_PROJECTS) {
    const loaded = await loadRealProject(project, log);
    if (!loaded) throw new Error(`decontaminate: ${project.pkg} is needed as a reference and could not be fetched`);
    dirs.push(loaded.dir);
  }
  return dirs;
}

export interface DecontaminationCounts {
  input: number;
  reservedOrEvaluatedPackage: number;
  /** Reserved packages' code vendored inside another package, by its path. */
  reservedPath: number;
  sentenceInReference: number;
  bodyInReference: number;
  kept: number;
  referencePackages: string[];
  referenceFiles: number;
  referenceSentences: number;
  referenceBodies: number;
}

export function decontaminatePairs(
  pairs: Pair[],
  fp: ReferenceFingerprints,
  evaluated: Set<string>,
): {
  kept: Pair[];
  counts: Omit<
    DecontaminationCounts,
    'referencePackages' | 'referenceFiles' | 'referenceSentences' | 'referenceBodies'
  >;
} {
  const counts = {
    input: pairs.length,
    reservedOrEvaluatedPackage: 0,
    reservedPath: 0,
    sentenceInReference: 0,
    bodyInReference: 0,
    kept: 0,
  };
  const kept: Pair[] = [];
  for (const p of pairs) {
    const name = p.pkg.slice(p.pkg.indexOf(':') + 1);
    if (RESERVED_NAME.test(name) || evaluated.has(projectKey(name))) {
      counts.reservedOrEvaluatedPackage++;
      continue;
    }
    if (hasReservedPath(p.code)) {
      counts.reservedPath++;
      continue;
    }
    if (
      fp.sentences.has(normalisedSentence(p.query)) ||
      (p.summary && fp.sentences.has(normalisedSentence(p.summary)))
    ) {
      counts.sentenceInReference++;
      continue;
    }
    if (fp.bodies.has(normalisedBody(p.code))) {
      counts.bodyInReference++;
      continue;
    }
    kept.push(p);
  }
  counts.kept = kept.length;
  return { kept, counts };
}

export async function decontaminate(): Promise<DecontaminationCounts> {
  const manifest = JSON.parse(readFileSync(join(MODEL_CACHE, 'fetch.json'), 'utf8')) as FetchManifest;
  const pairs = readFileSync(join(MODEL_CACHE, 'pairs.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Pair);
  const projectDirs = await evaluatedProjectDirs();
  const fp = await referenceFingerprints([...manifest.reference.map((r) => r.dir), ...projectDirs]);
  const referencePackages = [
    ...manifest.reference.map((r) => `${r.name}@${r.version}`),
    ...UNDERSTAND_PROJECTS.map((p) => `${p.deb}=${p.version}`),
    ...REAL_PROJECTS.map((p) => `${p.pkg}=${p.version}`),
  ];
  logStep(
    'decontaminate',
    `${referencePackages.length} reference packages: ${fp.files} files, ${fp.sentences.size} sentences, ${fp.bodies.size} bodies`,
  );
  const { kept, counts } = decontaminatePairs(pairs, fp, evaluatedPackages());
  const report: DecontaminationCounts = {
    ...counts,
    referencePackages,
    referenceFiles: fp.files,
    referenceSentences: fp.sentences.size,
    referenceBodies: fp.bodies.size,
  };
  await writeFile(join(MODEL_CACHE, 'clean.jsonl'), kept.map((p) => JSON.stringify(p)).join('\n') + '\n');
  await writeJson(join(MODEL_CACHE, 'decontaminate.json'), report);
  logStep(
    'decontaminate',
    `${counts.input} pairs → ${counts.kept} (package ${counts.reservedOrEvaluatedPackage}, vendored reserved path ${counts.reservedPath}, sentence ${counts.sentenceInReference}, body ${counts.bodyInReference})`,
  );
  return report;
}

runMain(import.meta.url, decontaminate);
