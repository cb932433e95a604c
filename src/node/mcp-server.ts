/**
 * `fourfold mcp --repo DIR`: the engine as a Model Context Protocol server over stdio, built
 * with the official TypeScript SDK. One process serves one repository; its index is loaded
 * once (from the CLI's cache, built when missing) and kept fresh by `LiveIndex`.
 *
 * Tools: `search` (a plain question, the same query syntax as the app and the CLI, each result
 * with its explanation), `open` (file lines with the definitions around them) and `related`
 * (callers, callees and dependents from the graph). Every answer is structured content plus a
 * short text rendering; every bad call is a tool error with a message, never a crash.
 */
import { access, readdir, stat } from 'node:fs/promises';
import { constants } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type {
  Chunk,
  Definition,
  IndexProgress,
  IndexStage,
  Modality,
  ResultExplanation,
  SearchResponse,
  SkipCode,
  UnderstoodQuery,
} from '../engine/contract';
import { EVIDENCE_ORDER, MODALITIES } from '../engine/contract';
import type { Engine } from '../engine/engine';
import { LiveIndex, type IndexState, type WatchMode } from './mcp-live-index';
import { LineJsonRpcTransport } from './mcp-stdio';
import { EXIT, type ExitCode } from './cli-flags';
import { openRepository, type EmbedderChoice } from './repository';
import { memberChoiceOut } from './result-out';
import { SNIPPET_LINE_CHARS, SNIPPET_LINES } from '../engine/snippet';
import { FILE_WORDS_CODE_GAIN, FILE_WORDS_GAIN, PLACE_WORDS_GAIN, SUBJECT_PLACE_GAIN } from '../engine/ranking';

/** Longest query accepted: a pasted function for "find similar" fits many times over; a file does not. */
export const MAX_QUERY_CHARS = 20_000;
/** Lines `open` returns when no range (or too long a range) is asked for. */
export const MAX_OPEN_LINES = 400;
/** Default and largest number of search results. */
export const DEFAULT_SEARCH_LIMIT = 10;
export const MAX_SEARCH_LIMIT = 100;
/** Default and largest number of entries per `related` list. */
export const DEFAULT_RELATED_LIMIT = 20;
export const MAX_RELATED_LIMIT = 200;

const SERVER_VERSION = '0.1.0';

/** A bad call: reported to the client as a tool error with this message. */
export class ToolInputError extends Error {}

export interface McpOptions {
  repo: string;
  embedder: EmbedderChoice;
  cacheDir?: string;
  watch?: WatchMode;
}

// ---------------------------------------------------------------------------------------
// Schemas: what a model reads to decide how to call each tool

const modalityEnum = z.enum(MODALITIES as [Modality, ...Modality[]]);

/** Every SkipCode, once: a record keyed by the type, so a code added to the contract fails to compile here until listed. */
const SKIP_CODE_SET: Record<SkipCode, true> = {
  'not-selected': true,
  'not-in-preset': true,
  'zero-weight': true,
  'still-indexing': true,
  'model-loading': true,
  'no-query-embedder': true,
  'no-semantic-index': true,
  'direct-path': true,
  'query-invalid': true,
  failed: true,
  'not-run': true,
};
export const SKIP_CODES = Object.keys(SKIP_CODE_SET) as [SkipCode, ...SkipCode[]];

const searchInput = {
  query: z
    .string()
    .max(MAX_QUERY_CHARS, {
      message: `the query is longer than ${MAX_QUERY_CHARS} characters: ask a question or paste a single function`,
    })
    .describe(
      'A plain question or search, the same query string as Fourfold\'s search box and CLI, e.g. "where is parseConfig defined", ' +
        '"who calls fetchUser", "what depends on src/db.ts", "how does retry backoff work", "\\"connection refused\\"" (quoted: exact text), ' +
        'or "similar to " followed by a pasted code snippet. Also: /regex/ (RE2 syntax), path:glob and -path:glob, lang:name, case:yes, ' +
        'alone or with a question (e.g. "retry path:src/net/**").',
    ),
  preset: z
    .enum(['quick', 'default', 'thorough'])
    .optional()
    .describe(
      'default (recommended): three retrievers chosen by the intent; thorough: all four, always fused; quick: embeddings only.',
    ),
  modalities: z
    .array(modalityEnum)
    .min(1)
    .optional()
    .describe(
      "Run exactly these retrievers instead of the preset's choice: semantic (embeddings), text (trigrams + BM25), structural (definitions), graph (imports and calls).",
    ),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_SEARCH_LIMIT)
    .optional()
    .describe(`Results to return (default ${DEFAULT_SEARCH_LIMIT}).`),
};

const openInput = {
  path: z
    .string()
    .describe('File path relative to the repository root (as search results give it), e.g. "src/render.js".'),
  startLine: z.number().int().min(1).optional().describe('First line to return, 1-based (default 1).'),
  endLine: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe(`Last line to return, inclusive (default: ${MAX_OPEN_LINES} lines from startLine).`),
};

const relatedInput = {
  path: z.string().optional().describe('A file relative to the repository root; give it with `line`.'),
  line: z
    .number()
    .int()
    .min(1)
    .optional()
    .describe('A 1-based line in `path`: the definition containing it is the target.'),
  symbol: z
    .string()
    .optional()
    .describe('Instead of path + line: a definition name such as "createVNode" or "Component.render".'),
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_RELATED_LIMIT)
    .optional()
    .describe(`Entries per list (default ${DEFAULT_RELATED_LIMIT}).`),
};

const contributionShape = z.object({
  rank: z.number().describe("0-based rank in this retriever's own list"),
  weight: z.number(),
  k: z.number(),
  contribution: z
    .number()
    .describe(
      "weight / (k + rank + 1); the graph's list on a behaviour question less weight / (k + r + 1), r its floor's rank or, when higher, the structural list's rank for the same result",
    ),
  reason: z.string(),
});

const definitionShape = z.object({
  name: z.string(),
  kind: z.string(),
  signature: z.string(),
  container: z.string().optional(),
  startLine: z.number(),
  endLine: z.number(),
});

const indexShape = z.object({
  generation: z.number().describe('1 at start, +1 each time file changes were indexed'),
  files: z.number(),
  indexedAt: z.string(),
});

const explanationShape = z.object({
  modalities: z.object(Object.fromEntries(MODALITIES.map((m) => [m, contributionShape.optional()]))),
  rrf: z.number().describe('sum of the contributions'),
  centrality: z
    .number()
    .describe(
      "PageRank share × node count of the result's definition; for understand and find-similar questions only functions, methods, classes and macros have one (0 otherwise)",
    ),
  boost: z.number().describe('min(1 + 0.3 ln(1 + centrality), 1.5); 1 on the direct path; 1.5 when firstInEveryList'),
  firstInEveryList: z
    .boolean()
    .optional()
    .describe('understand questions: every list fused put this result first, so its boost is the cap'),
  aboveByEveryList: z
    .object({ chunkId: z.number(), path: z.string(), startLine: z.number() })
    .optional()
    .describe(
      'a sentence describing code: this result was moved above the one named, which every list fused ranks below it (past its first page a list holds neither, when two hold this one there)',
    ),
  aboveByFirstPlace: z
    .object({ chunkId: z.number(), path: z.string(), startLine: z.number() })
    .optional()
    .describe(
      'a question asking how: this result was moved above the one named, a near tie, because a list puts it first and another near its top while fewer lists put that one first',
    ),
  aboveItsCopy: z
    .object({ chunkId: z.number(), path: z.string(), startLine: z.number() })
    .optional()
    .describe(
      'understand questions: this result took the place of the copy named, the same definition text for text in a folder further from the root',
    ),
  inPlaceOf: z
    .object({
      chunkId: z.number(),
      path: z.string(),
      startLine: z.number(),
      symbol: z.string().optional(),
      ownScore: z.number().optional(),
    })
    .optional()
    .describe(
      "a question asking how: this body took the place of the chunk named, which only stands in for it in another file (a C/C++ prototype of it, or a forwarder whose one call is to it); ownScore, when present, is this body's own score before it took the stand-in's higher one",
    ),
  demotion: z.object({ factor: z.number(), rule: z.string() }).nullable(),
  sibling: z
    .object({
      of: z.string(),
      similarity: z.number(),
      factor: z.number(),
      belowSameBase: z
        .boolean()
        .optional()
        .describe("in X's file, demoted below X's method in the classes sharing X's base"),
    })
    .optional()
    .describe("similar to X: this result is one of X's structural siblings; factor = 1 + 2 × similarity"),
  form: z
    .object({ of: z.string(), arity: z.tuple([z.number(), z.number()]), factor: z.number() })
    .optional()
    .describe(
      "similar to X: this result needs another number of arguments than X (X's, then its own); factor = how alike the two arities are (< 1)",
    ),
  member: z
    .object({
      rule: z.enum([
        'closer-before-boost',
        'name-says-question',
        'wrapper-hands-on',
        'callee-named',
        'callee-decides',
        'caller-runs-steps',
        'setter-gives-way',
        'constructor-gives-way',
        'destructor-gives-way',
        'short-gives-way',
        'name-only-gives-way',
        'outside-gives-way',
        'nested-gives-way',
        'nested-is-closer',
        'code-says-question',
        'text-breaks-tie',
        'lists-rank-higher',
        'name-says-verb',
        'this-names-holder',
        'class-verb-runs',
      ]),
      nameCoverage: z.number(),
      factor: z.number(),
    })
    .optional()
    .describe(
      "a question about behaviour: this member answers for its file in place of the file's top chunk; factor = that chunk's score ÷ this one's own",
    ),
  fileWords: z
    .object({
      share: z.number(),
      factor: z.number(),
      repositoryNames: z
        .array(z.string())
        .optional()
        .describe(
          "the repository's own names the question said: they name the product, not the part asked about, so its words were read without them",
        ),
    })
    .optional()
    .describe(
      `a question asking how: the share of the question's words, each weighed by its rarity among the files, that this result's file says; factor = 1 + ${FILE_WORDS_CODE_GAIN} × share when code that runs (a function, method, class or macro) shows the file, 1 + ${FILE_WORDS_GAIN} × share otherwise`,
    ),
  placeWords: z
    .object({
      share: z.number(),
      factor: z.number(),
      of: z.enum(['phrase', 'part']).describe("whose words: the search-box phrase's, or the part the question names"),
    })
    .optional()
    .describe(
      `a phrase typed into a search box, or the part a question asking how names ("how does the spinner …"): the share of its words, each weighed by its rarity among the paths, that this result's folders' and file's names say; factor = 1 + ${PLACE_WORDS_GAIN} × share (${SUBJECT_PLACE_GAIN} × share for a question's part)`,
    ),
  score: z
    .number()
    .describe(
      'rrf × boost × demotion factor × sibling factor × form factor × member factor × file-words factor × path-words factor',
    ),
});

const searchOutput = {
  query: z.object({
    query: z.string(),
    intent: z.string(),
    confidence: z.number(),
    rule: z.string(),
    strategy: z.enum(['direct', 'fused']),
    strategyReason: z.string(),
    preset: z.string(),
    k: z.number(),
    weights: z.record(z.string(), z.number()),
    modalities: z.array(
      z.object({
        modality: z.string(),
        weight: z.number(),
        ran: z.boolean(),
        skip: z.enum(SKIP_CODES).optional().describe('why it did not run, as a code to decide on'),
        skipped: z.string().optional().describe('the same reason in words, for people'),
        hits: z.number(),
        latencyMs: z.number(),
      }),
    ),
    elapsedMs: z.number(),
    notes: z.array(z.string()),
    understood: z
      .object({
        text: z.string(),
        regex: z.string().optional(),
        paths: z.array(z.string()),
        excludedPaths: z.array(z.string()),
        languages: z.array(z.string()),
        excludedLanguages: z.array(z.string()),
        caseSensitive: z.boolean(),
      })
      .describe('what the query syntax understood: the question, the /regex/ and the filters'),
    absent: z
      .object({ name: z.string(), suggestions: z.array(z.string()) })
      .optional()
      .describe('the name asked for is not in the repository; near names'),
    evidence: z
      .object({ total: z.number(), resolved: z.number(), chain: z.number(), byName: z.number() })
      .optional()
      .describe(
        'references and impact answers: how many results carry evidence, by kind (nothing without evidence is listed)',
      ),
    filteredOut: z
      .object({
        filters: z.string(),
        unit: z.enum(['lines', 'files']),
        count: z.number(),
        files: z.number(),
        atLeast: z.boolean(),
      })
      .optional()
      .describe('the path:/lang: filters excluded every match: what they excluded, counted'),
  }),
  results: z.array(
    z.object({
      path: z.string(),
      startLine: z.number(),
      endLine: z.number(),
      symbol: z.string().optional(),
      kind: z.string().optional(),
      score: z.number(),
      line: z
        .number()
        .optional()
        .describe(
          "the line that answers inside the range (a pasted message's format string, or a constant's or field's name)",
        ),
      evidence: z
        .enum(EVIDENCE_ORDER)
        .optional()
        .describe('references and impact: resolved link, chain of imports, or by name, unresolved (ranked last)'),
      snippet: z.string(),
      explanation: explanationShape,
      foldedChunks: z.number().describe('other chunks of the same file folded into this result'),
      subResults: z
        .array(
          z.object({
            startLine: z.number(),
            endLine: z.number(),
            symbol: z.string().optional(),
            kind: z.string().optional(),
            score: z.number(),
            explanation: explanationShape,
          }),
        )
        .optional()
        .describe(
          "the file's other strong chunks (a score of at least half this result's), best first; open one with `open` on its lines",
        ),
    }),
  ),
  index: indexShape,
};

const openOutput = {
  path: z.string(),
  language: z.string().nullable(),
  lineCount: z.number(),
  startLine: z.number(),
  endLine: z.number(),
  truncated: z.boolean().describe('true when fewer lines than asked were returned'),
  text: z.string(),
  enclosing: z
    .array(definitionShape)
    .describe('definitions that start above startLine and contain it, outermost first'),
  definitions: z.array(definitionShape).describe('definitions that start within the returned lines'),
  index: indexShape,
};

const neighbourShape = z.object({
  path: z.string(),
  line: z.number(),
  symbol: z.string().optional(),
  confidence: z.number(),
});
const relatedOutput = {
  target: z.object({
    path: z.string(),
    startLine: z.number(),
    endLine: z.number(),
    symbol: z.string().optional(),
    kind: z.string().optional(),
    container: z.string().optional(),
  }),
  otherDefinitions: z.array(
    z.object({ path: z.string(), line: z.number(), kind: z.string(), container: z.string().optional() }),
  ),
  callers: z.array(neighbourShape).describe('call or reference sites of the target, best first'),
  callees: z.array(neighbourShape).describe('definitions the target calls or references'),
  dependents: z
    .array(
      z.object({
        path: z.string(),
        hops: z.number(),
        via: z.string(),
        relation: z.enum(['import', 'call', 'reference']),
        line: z.number(),
      }),
    )
    .describe('files that depend on the target, directly (hops 1) or through other files'),
  totals: z.object({ callers: z.number(), callees: z.number(), dependents: z.number() }),
  index: indexShape,
};

const SEARCH_DESCRIPTION = `Search this repository's code with a plain question; Fourfold picks the retrievers.
The question is classified by intent (find_definition, find_references, understand_code, find_similar, impact_analysis, exact_match) and routed to up to four indexes (semantic embeddings, text trigrams/BM25, tree-sitter definitions, the import/call graph), fused with weighted Reciprocal Rank Fusion.
Returns ranked results (path, lines, symbol, snippet, score) and, for each, the explanation: each retriever's rank, weight and contribution (weight / (k + rank + 1)), the centrality boost and any demotion; score = sum of contributions × boost × demotion. Use open to read a result and related for its callers and dependents.`;

const OPEN_DESCRIPTION = `Read lines of a file in this repository (as indexed), with the definitions around them: the functions/classes that enclose the first line, and those defined within the lines.
Lines are 1-based and inclusive; without a range the first ${MAX_OPEN_LINES} lines are returned.`;

const RELATED_DESCRIPTION = `Navigate the dependency graph from a definition: its callers (where it is called or referenced), its callees (what it calls), and dependent files (what would be affected by changing it, with hop distance).
Give {symbol} (e.g. "parseConfig" or "Config.load"), or {path, line} for the definition containing that line.`;

/**
 * The tools as clients see them (name, title, description, input and output schemas): the
 * server registers these records, and docs/mcp.md is generated from them (scripts/docs.ts).
 */
export const TOOLS = {
  search: {
    title: 'Search code',
    description: SEARCH_DESCRIPTION,
    inputSchema: searchInput,
    outputSchema: searchOutput,
  },
  open: { title: 'Open file lines', description: OPEN_DESCRIPTION, inputSchema: openInput, outputSchema: openOutput },
  related: {
    title: 'Callers, callees, dependents',
    description: RELATED_DESCRIPTION,
    inputSchema: relatedInput,
    outputSchema: relatedOutput,
  },
} as const;

/** Every tool only reads the repository's index, and reaches nothing outside it. */
const READ_ONLY = { readOnlyHint: true, openWorldHint: false } as const;

// ---------------------------------------------------------------------------------------
// The server

/** The tools over a live index. `root` is the repository's absolute path. */
export function createMcpServer(live: LiveIndex, root: string, options: { embedder: EmbedderChoice }): McpServer {
  const server = new McpServer(
    { name: 'fourfold', version: SERVER_VERSION },
    {
      capabilities: { logging: {} },
      instructions:
        `Fourfold searches the repository at ${root} (embedder: ${options.embedder}). Ask search a plain question; ` +
        'read results with open; follow callers, callees and dependents with related. Paths are relative to the repository root.',
    },
  );

  server.registerTool('search', { ...TOOLS.search, annotations: READ_ONLY }, (args, extra) =>
    answer(live, extra, (state) => {
      const query = args.query.trim();
      if (!query) throw new ToolInputError('the query is empty: ask a question such as "where is parseConfig defined"');
      return state.engine
        .search(query, { preset: args.preset, modalities: args.modalities, limit: args.limit ?? DEFAULT_SEARCH_LIMIT })
        .then((response) => {
          // A query the engine cannot run as written (a bad /regex/, a filter without a value or
          // matching no file) is a bad call, not an empty answer.
          if (response.query.error) throw new ToolInputError(response.query.error);
          return searchAnswer(state, response);
        });
    }),
  );

  server.registerTool('open', { ...TOOLS.open, annotations: READ_ONLY }, (args, extra) =>
    answer(live, extra, (state) => openAnswer(state, root, args)),
  );

  server.registerTool('related', { ...TOOLS.related, annotations: READ_ONLY }, (args, extra) =>
    answer(live, extra, (state) => relatedAnswer(state, root, args)),
  );
  return server;
}

interface Answer {
  structured: Record<string, unknown>;
  text: string;
}

type Extra = {
  signal: AbortSignal;
  _meta?: { progressToken?: string | number };
  sendNotification: (n: {
    method: 'notifications/progress';
    params: { progressToken: string | number; progress: number; total?: number; message?: string };
  }) => Promise<void>;
};

/** Waits for the index (streaming build progress when the client asked for it), then answers. */
async function answer(
  live: LiveIndex,
  extra: Extra,
  respond: (state: IndexState) => Answer | Promise<Answer>,
): Promise<CallToolResult> {
  const token = extra._meta?.progressToken;
  const onProgress =
    token === undefined
      ? undefined
      : progressReporter((params) =>
          extra.sendNotification({ method: 'notifications/progress', params: { progressToken: token, ...params } }),
        );
  let state: IndexState;
  try {
    state = await live.get(onProgress, extra.signal);
  } catch (e) {
    if (extra.signal.aborted) throw e;
    throw new Error(`the repository's index is not available: ${message(e)}`, { cause: e });
  }
  try {
    const a = await respond(state);
    return { content: [{ type: 'text', text: a.text }], structuredContent: a.structured };
  } catch (e) {
    if (e instanceof ToolInputError) return { content: [{ type: 'text', text: e.message }], isError: true };
    throw e;
  }
}

const STAGE_ORDER: readonly IndexStage[] = ['read', 'parse', 'text', 'graph', 'embed', 'store'];

/** MCP progress must only grow: stages in order, each worth 1, the fraction of the current one added. */
function progressReporter(send: (p: { progress: number; total: number; message: string }) => Promise<void>) {
  let last = -1;
  return (p: IndexProgress) => {
    const position = STAGE_ORDER.indexOf(p.stage) + (p.total > 0 ? Math.min(p.done / p.total, 1) : 0);
    if (position <= last) return;
    last = position;
    const rate = p.rate > 0 ? `, ${Math.round(p.rate)}/s` : '';
    send({
      progress: round(position, 3),
      total: STAGE_ORDER.length,
      message: p.message ?? `${p.stage}: ${p.done}/${p.total}${rate}`,
    }).catch(() => {});
  };
}

// ---------------------------------------------------------------------------------------
// search

function explanationOut(e: ResultExplanation) {
  return {
    modalities: Object.fromEntries(
      Object.entries(e.modalities).map(([m, c]) => [
        m,
        { rank: c!.rank, weight: c!.weight, k: c!.k, contribution: c!.contribution, reason: c!.reason },
      ]),
    ),
    rrf: e.rrf,
    centrality: e.centrality,
    boost: e.boost,
    ...(e.firstInEveryList ? { firstInEveryList: true } : {}),
    ...(e.aboveByEveryList ? { aboveByEveryList: e.aboveByEveryList } : {}),
    ...(e.aboveByFirstPlace ? { aboveByFirstPlace: e.aboveByFirstPlace } : {}),
    ...(e.aboveItsCopy ? { aboveItsCopy: e.aboveItsCopy } : {}),
    ...(e.inPlaceOf ? { inPlaceOf: e.inPlaceOf } : {}),
    demotion: e.demotion,
    ...(e.sibling ? { sibling: e.sibling } : {}),
    ...(e.form ? { form: e.form } : {}),
    ...(e.member ? { member: memberChoiceOut(e.member) } : {}),
    ...(e.fileWords ? { fileWords: e.fileWords } : {}),
    ...(e.placeWords ? { placeWords: e.placeWords } : {}),
    score: e.score,
  };
}

function searchAnswer(state: IndexState, r: SearchResponse): Answer {
  const engine = state.engine;
  const q = r.query;
  const results = r.results.map((x) => ({
    path: x.path,
    startLine: x.startLine,
    endLine: x.endLine,
    ...(x.symbol !== undefined ? { symbol: x.symbol } : {}),
    ...(x.definitionKind !== undefined ? { kind: x.definitionKind } : {}),
    score: x.score,
    ...(x.line !== undefined ? { line: x.line } : {}),
    ...(x.evidence !== undefined ? { evidence: x.evidence } : {}),
    snippet: snippet(engine, engine.chunk(x.chunkId)),
    explanation: explanationOut(x.explanation),
    foldedChunks: x.foldedChunks,
    ...(x.subResults
      ? {
          subResults: x.subResults.map((sub) => ({
            startLine: sub.startLine,
            endLine: sub.endLine,
            ...(sub.symbol !== undefined ? { symbol: sub.symbol } : {}),
            ...(sub.definitionKind !== undefined ? { kind: sub.definitionKind } : {}),
            score: sub.score,
            explanation: explanationOut(sub.explanation),
          })),
        }
      : {}),
  }));
  const structured = {
    query: {
      query: q.query,
      intent: q.intent,
      confidence: q.confidence,
      rule: q.rule,
      strategy: q.strategy,
      strategyReason: q.strategyReason,
      preset: q.preset,
      k: q.k,
      weights: q.weights,
      modalities: q.modalities.map((m) => ({
        modality: m.modality,
        weight: m.weight,
        ran: m.ran,
        ...(m.skip !== undefined ? { skip: m.skip } : {}),
        ...(m.skipped !== undefined ? { skipped: m.skipped } : {}),
        hits: m.hits,
        latencyMs: round(m.latencyMs, 3),
      })),
      elapsedMs: round(q.elapsedMs, 3),
      notes: q.notes,
      understood: understoodView(q.understood),
      ...(q.absent ? { absent: q.absent } : {}),
      ...(q.evidence ? { evidence: q.evidence } : {}),
      ...(q.filteredOut ? { filteredOut: q.filteredOut } : {}),
    },
    results,
    index: indexInfo(state),
  };

  const lines = [
    `${q.intent} (confidence ${q.confidence}, rule ${q.rule}) · ${q.strategy} · preset ${q.preset} · k ${q.k}`,
    `  ${q.strategyReason}`,
  ];
  for (const n of q.notes) lines.push(`  note: ${n}`);
  if (q.evidence)
    lines.push(
      `  evidence: ${q.evidence.total} (${q.evidence.resolved} resolved, ${q.evidence.chain} by chain, ${q.evidence.byName} by name, unresolved)`,
    );
  if (results.length === 0) lines.push('no results');
  results.forEach((x, i) => {
    const sym = x.symbol ? ` ${symbolLabel(x.symbol, x.kind)}` : '';
    const by = x.evidence === 'by-name' ? ' · by name, unresolved' : '';
    lines.push(`${i + 1}. ${x.path}:${x.startLine}-${x.endLine}${sym} score ${x.score.toPrecision(4)}${by}`);
    const parts = Object.entries(x.explanation.modalities).map(
      ([m, c]) => `${m} #${c.rank + 1}×${c.weight}→${c.contribution.toPrecision(4)}`,
    );
    const extra = [`boost ${x.explanation.boost.toFixed(3)}`];
    if (x.explanation.demotion)
      extra.push(`demoted ×${x.explanation.demotion.factor} (${x.explanation.demotion.rule})`);
    lines.push(`   ${[...parts, ...extra].join(' · ')}`);
    // The first line of code, past a doc comment's opening.
    const first =
      x.snippet.split('\n').find((l) => l.trim() && !/^\s*(\/\*\*?|\*|\/\/|#)/.test(l)) ??
      x.snippet.split('\n').find((l) => l.trim());
    if (first) lines.push(`   | ${first.trim()}`);
  });
  return { structured, text: lines.join('\n') };
}

function understoodView(u: UnderstoodQuery) {
  return {
    text: u.text,
    ...(u.regex !== undefined ? { regex: u.regex } : {}),
    paths: u.paths,
    excludedPaths: u.excludedPaths,
    languages: u.languages,
    excludedLanguages: u.excludedLanguages,
    caseSensitive: u.caseSensitive,
  };
}

function snippet(engine: Engine, chunk: Chunk): string {
  return engine
    .chunkText(chunk)
    .split('\n')
    .slice(0, SNIPPET_LINES)
    .map((l) => (l.length > SNIPPET_LINE_CHARS ? l.slice(0, SNIPPET_LINE_CHARS) + '…' : l))
    .join('\n');
}

// ---------------------------------------------------------------------------------------
// open

function openAnswer(
  state: IndexState,
  root: string,
  args: { path: string; startLine?: number; endLine?: number },
): Answer {
  const path = indexedPath(state, root, args.path);
  const file = state.engine.file(path)!;
  const lineCount = file.analysis.lineCount;
  const start = args.startLine ?? 1;
  if (start > lineCount)
    throw new ToolInputError(
      `line ${start} is past the end of ${path} (${lineCount} line${lineCount === 1 ? '' : 's'})`,
    );
  if (args.endLine !== undefined && args.endLine < start)
    throw new ToolInputError(`endLine ${args.endLine} is before startLine ${start}`);
  const asked = Math.min(args.endLine ?? Infinity, lineCount);
  const end = Math.min(asked, start + MAX_OPEN_LINES - 1);
  const text = file.text
    .split('\n')
    .slice(start - 1, end)
    .join('\n');
  const defs = file.analysis.definitions;
  const enclosing = defs
    .filter((d) => d.startLine < start && d.endLine >= start)
    .sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
  const within = defs
    .filter((d) => d.startLine >= start && d.startLine <= end)
    .sort((a, b) => a.startLine - b.startLine);
  const structured = {
    path,
    language: file.language,
    lineCount,
    startLine: start,
    endLine: end,
    truncated: end < asked,
    text,
    enclosing: enclosing.map(definitionView),
    definitions: within.map(definitionView),
    index: indexInfo(state),
  };
  const width = String(end).length;
  const lines = [
    `${path}:${start}-${end} of ${lineCount}${file.language ? ` (${file.language})` : ''}${structured.truncated ? ` — truncated at ${MAX_OPEN_LINES} lines; ask for a range` : ''}`,
  ];
  for (const d of enclosing) lines.push(`inside ${d.kind} ${qualified(d)} (${d.startLine}-${d.endLine})`);
  if (within.length)
    lines.push(`defines: ${within.map((d) => `${qualified(d)} ${d.kind} ${d.startLine}-${d.endLine}`).join(', ')}`);
  text.split('\n').forEach((l, i) => lines.push(`${String(start + i).padStart(width)} | ${l}`));
  return { structured, text: lines.join('\n') };
}

function definitionView(d: Definition) {
  return {
    name: d.name,
    kind: d.kind,
    signature: d.signature,
    ...(d.container ? { container: d.container } : {}),
    startLine: d.startLine,
    endLine: d.endLine,
  };
}

/** `name (kind)`, or the name alone when the kind is unknown. */
function symbolLabel(name: string, kind: string | undefined): string {
  return kind ? `${name} (${kind})` : name;
}

function qualified(d: { name: string; container?: string }): string {
  return d.container ? `${d.container}.${d.name}` : d.name;
}

// ---------------------------------------------------------------------------------------
// related

function relatedAnswer(
  state: IndexState,
  root: string,
  args: { path?: string; line?: number; symbol?: string; limit?: number },
): Answer {
  const engine = state.engine;
  const limit = args.limit ?? DEFAULT_RELATED_LIMIT;
  let target: Chunk;
  let otherDefinitions: { path: string; line: number; kind: string; container?: string }[] = [];
  if (args.symbol !== undefined && args.symbol.trim() !== '') {
    if (args.path !== undefined || args.line !== undefined)
      throw new ToolInputError('give either {symbol} or {path, line}, not both');
    const { name, container } = splitSymbol(args.symbol.trim());
    const all = engine.definitionsOf(name);
    const hits = container ? all.filter((h) => h.container === container) : all;
    if (hits.length === 0) {
      const elsewhere = all.length
        ? `; definitions named ${name}: ${all
            .slice(0, 5)
            .map((h) => `${h.path}:${h.line}${h.container ? ` in ${h.container}` : ''}`)
            .join(', ')}`
        : '';
      throw new ToolInputError(
        `no definition named ${args.symbol.trim()} in this repository${elsewhere}. search can find near names.`,
      );
    }
    target = engine.chunk(hits[0].chunkId);
    otherDefinitions = hits
      .slice(1, limit + 1)
      .map((h) => ({ path: h.path, line: h.line, kind: h.kind, ...(h.container ? { container: h.container } : {}) }));
  } else if (args.path !== undefined) {
    if (args.line === undefined)
      throw new ToolInputError(
        'related needs a line with path (the definition containing that line is the target), or a symbol',
      );
    const path = indexedPath(state, root, args.path);
    const chunk = engine.chunkAtLine(path, args.line);
    if (!chunk)
      throw new ToolInputError(
        `line ${args.line} is past the end of ${path} (${engine.file(path)!.analysis.lineCount} lines)`,
      );
    target = chunk;
  } else throw new ToolInputError('related needs either {symbol} (a definition name) or {path, line}');

  const view = (n: { path: string; line: number; symbol?: string; confidence: number }) => ({
    path: n.path,
    line: n.line,
    ...(n.symbol ? { symbol: n.symbol } : {}),
    confidence: n.confidence,
  });
  const callers = engine.callers(target.id);
  const callees = engine.callees(target.id);
  const dependents = engine.dependents(target.id);
  const structured = {
    target: {
      path: target.path,
      startLine: target.startLine,
      endLine: target.endLine,
      ...(target.symbol ? { symbol: target.symbol } : {}),
      ...(target.definitionKind ? { kind: target.definitionKind } : {}),
      ...(target.container ? { container: target.container } : {}),
    },
    otherDefinitions,
    callers: callers.slice(0, limit).map(view),
    callees: callees.slice(0, limit).map(view),
    dependents: dependents.slice(0, limit),
    totals: { callers: callers.length, callees: callees.length, dependents: dependents.length },
    index: indexInfo(state),
  };
  const name = target.symbol ? symbolLabel(target.symbol, target.definitionKind) : 'lines';
  const lines = [`${name} at ${target.path}:${target.startLine}-${target.endLine}`];
  if (otherDefinitions.length)
    lines.push(`also defined at: ${otherDefinitions.map((d) => `${d.path}:${d.line}`).join(', ')}`);
  const list = (title: string, items: string[], total: number) => {
    lines.push(
      `${title} (${total}${total > items.length ? `, first ${items.length}` : ''}):${items.length ? '' : ' none'}`,
    );
    for (const i of items) lines.push(`  ${i}`);
  };
  list(
    'callers',
    structured.callers.map((c) => `${c.path}:${c.line}${c.symbol ? ` in ${c.symbol}` : ''}`),
    callers.length,
  );
  list(
    'callees',
    structured.callees.map((c) => `${c.symbol ?? '?'} ${c.path}:${c.line}`),
    callees.length,
  );
  list(
    'dependents',
    structured.dependents.map(
      (d) =>
        `${d.path}:${d.line} (${d.relation}, ${d.hops} hop${d.hops === 1 ? '' : 's'}${d.hops > 1 ? ` via ${d.via}` : ''})`,
    ),
    dependents.length,
  );
  return { structured, text: lines.join('\n') };
}

/** "Config.load", "Config::load", "config.Config.load" → name "load", container "Config". */
function splitSymbol(symbol: string): { name: string; container?: string } {
  const parts = symbol.split(/::|\.|#/).filter(Boolean);
  if (parts.length < 2) return { name: symbol };
  return { name: parts[parts.length - 1], container: parts[parts.length - 2] };
}

// ---------------------------------------------------------------------------------------
// Paths

/**
 * A path the client gave, as an indexed repository path. Relative paths are taken from the
 * repository root; absolute ones must lie inside it. The file's text always comes from the
 * index, never from disk, so nothing outside the indexed files can be read.
 */
export function indexedPath(state: IndexState, root: string, given: string): string {
  const raw = given.trim();
  if (!raw)
    throw new ToolInputError(
      'the path is empty: give a file path relative to the repository root, e.g. "src/index.ts"',
    );
  if (raw.includes('\0')) throw new ToolInputError('the path contains a NUL character');
  const absolute = resolve(root, raw);
  const rel = relative(root, absolute);
  if (rel === '' || rel.startsWith('..' + sep) || rel === '..' || isAbsolute(rel)) {
    throw new ToolInputError(`${given} is outside the repository (${root}): paths are relative to its root`);
  }
  const path = rel.split(sep).join('/');
  if (state.engine.file(path)) return path;
  const base = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  const similar = state.paths.filter((p) => p.slice(p.lastIndexOf('/') + 1).toLowerCase() === base).slice(0, 5);
  const hint = similar.length ? ` Did you mean ${similar.join(', ')}?` : '';
  throw new ToolInputError(
    `${path} is not an indexed file of this repository (missing, ignored by .gitignore, binary or too large).${hint}`,
  );
}

function indexInfo(state: IndexState) {
  return { generation: state.generation, files: state.paths.length, indexedAt: state.indexedAt.toISOString() };
}

// ---------------------------------------------------------------------------------------
// Process: `fourfold mcp`

/**
 * Serves until the client disconnects (stdin ends) or a signal arrives; resolves with the exit
 * code. A repository that cannot be served at all is refused before the protocol starts (2).
 */
export async function serveMcp(
  options: McpOptions,
  err: (s: string) => void = (s) => process.stderr.write(s),
): Promise<ExitCode> {
  const root = resolve(options.repo);
  const problem = await repositoryProblem(root, options.repo);
  if (problem) {
    err(`fourfold: ${problem}\n`);
    return EXIT.input;
  }
  const live = new LiveIndex({
    root,
    watch: options.watch ?? 'auto',
    open: async (onProgress) => {
      const opened = await openRepository(root, {
        embedder: options.embedder,
        cacheDir: options.cacheDir,
        onNotice: (s) => log('info', s),
        onProgress: (p) => onProgress(p),
      });
      // Served from memory all the same; only the next start must build again.
      if (opened.cacheFailure)
        log(
          'warning',
          `${opened.cacheFailure.message}: serving the index from memory (the next start builds it again)`,
        );
      return opened;
    },
    log: (level, s) => log(level, s),
  });
  /** To stderr (clients keep it as the server's log) and to the client as an MCP log message. */
  function log(level: 'info' | 'warning' | 'error', s: string): void {
    err(`fourfold: ${s}\n`);
    server.server.sendLoggingMessage({ level, logger: 'fourfold', data: s }).catch(() => {});
  }
  const server = createMcpServer(live, root, options);
  const transport = new LineJsonRpcTransport();

  const done = new Promise<ExitCode>((resolveDone) => {
    let finished = false;
    const finish = (why: string, code: ExitCode) => {
      if (finished) return;
      finished = true;
      err(`fourfold: ${why}\n`);
      live.close();
      server.close().catch(() => {});
      resolveDone(code);
    };
    process.stdin.once('end', () => finish('the client disconnected; shutting down', EXIT.ok));
    process.stdin.once('close', () => finish('the client disconnected; shutting down', EXIT.ok));
    // A client gone mid-answer: writing to its pipe fails with EPIPE. Nothing to answer any more.
    process.stdout.on('error', (e: NodeJS.ErrnoException) =>
      finish(`the client went away (${e.code ?? e.message}); shutting down`, EXIT.ok),
    );
    process.once('SIGTERM', () => finish('SIGTERM: shutting down', EXIT.ok));
    process.once('SIGINT', () => finish('SIGINT: shutting down', EXIT.ok));
    transport.onerror = (e) => err(`fourfold: protocol error: ${message(e)}\n`);
    // The transport gives up on a message it cannot take (over MAX_LINE_BYTES): nothing more can be read.
    transport.onclose = () => finish('the connection closed; shutting down', EXIT.ok);
  });
  await server.connect(transport);
  err(`fourfold: serving ${root} over MCP (stdio)\n`);
  live.start();
  const code = await done;
  // Whatever still holds the event loop (an embedder's threads, a parse worker) must not keep a
  // server whose client is gone alive; an unref'd timer fires only if something else does.
  setTimeout(() => process.exit(code), 2000).unref();
  return code;
}

/** Why a folder cannot be served (missing, not a folder, unreadable), or null. */
async function repositoryProblem(root: string, given: string): Promise<string | null> {
  const info = await stat(root).catch((e: NodeJS.ErrnoException) => e);
  if (info instanceof Error)
    return info.code === 'ENOENT' ? `no such folder: ${given}` : `cannot read ${given}: ${info.code ?? info.message}`;
  if (!info.isDirectory()) return `not a folder: ${given}`;
  try {
    await access(root, constants.R_OK | constants.X_OK);
    await readdir(root);
  } catch (e) {
    return `cannot read the folder ${given}: ${(e as NodeJS.ErrnoException).code ?? message(e)}`;
  }
  return null;
}

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
