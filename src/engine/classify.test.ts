import { describe, expect, it } from 'vitest';
import { classify, planQuery, routeDefinedName } from './classify';

describe("classify: the design's examples", () => {
  it.each([
    ['where is parseConfig defined', 'find_definition', 0.8, 'identifier'],
    ['how does authentication work', 'understand_code', 0.75, 'understand-words'],
    ['what depends on this', 'impact_analysis', 0.9, 'impact-phrase'],
    ['find ECONNREFUSED', 'exact_match', 0.85, 'error-token'],
    ['def parseConfig', 'find_definition', 0.95, 'definition-keyword'],
    ['"connection refused"', 'exact_match', 0.9, 'quoted-string'],
    ['who calls parseConfig', 'find_references', 0.9, 'references-phrase'],
    ['usages of fetchUser', 'find_references', 0.9, 'references-phrase'],
    ['references to Router', 'find_references', 0.9, 'references-phrase'],
    ['blast radius of changing the session store', 'impact_analysis', 0.9, 'impact-phrase'],
    ['what is the impact of renaming loadUser', 'impact_analysis', 0.9, 'impact-phrase'],
    ['traceback in worker pool', 'exact_match', 0.85, 'error-token'],
    ['why does the ValueError happen', 'exact_match', 0.85, 'error-token'],
    ['explain the architecture', 'understand_code', 0.75, 'understand-words'],
    ['session cookie rotation', 'understand_code', 0.4, 'fallback'],
    ['consumers of parseConfig', 'find_references', 0.9, 'references-phrase'],
    ['which files import the logger', 'find_references', 0.9, 'references-phrase'],
    ['where do we call flushQueue', 'find_references', 0.9, 'references-phrase'],
    ['parseConfig callers', 'find_references', 0.9, 'references-phrase'],
    ['is it safe to rename createStore', 'impact_analysis', 0.9, 'impact-phrase'],
  ] as const)('%s → %s %f (%s)', (query, intent, confidence, rule) => {
    expect(classify(query)).toEqual({ intent, confidence, rule });
  });

  it.each([
    ['class UserService', 'class'],
    ['func NewServer', 'function'],
    ['fn parse_args', 'function'],
    ['interface Props', 'interface'],
    ['type Options', 'type'],
    ['struct Config', 'struct'],
    ['enum Color', 'enum'],
  ] as const)('definition keyword %s names kind %s', (query, kind) => {
    const plan = planQuery(query);
    expect(plan.intent).toBe('find_definition');
    expect(plan.confidence).toBe(0.95);
    expect(plan.definitionKind).toBe(kind);
    expect(plan.identifiers[0]).toBe(query.split(' ')[1]);
  });

  it('identifier confidence is higher when the query is little more than the identifier', () => {
    const alone = classify('parseConfig');
    const wordy = classify('parseConfig options loader cache fallback merge strategy');
    expect(alone).toEqual({ intent: 'find_definition', confidence: 0.8, rule: 'identifier' });
    expect(wordy.intent).toBe('find_definition');
    expect(wordy.confidence).toBe(0.6);
    expect(classify('load_user_profile from cache').confidence).toBeCloseTo(0.75);
  });
});

describe('classify: edge cases', () => {
  it('empty and punctuation-only queries fall back with low confidence', () => {
    expect(classify('')).toEqual({ intent: 'understand_code', confidence: 0.4, rule: 'empty' });
    expect(classify('   ')).toEqual({ intent: 'understand_code', confidence: 0.4, rule: 'empty' });
    expect(classify('?!...;')).toEqual({ intent: 'understand_code', confidence: 0.4, rule: 'fallback' });
  });

  it('a 2,000-character query is classified, and quickly', () => {
    const long = 'how does the cache invalidate entries when '.repeat(50).slice(0, 2000);
    const t0 = performance.now();
    for (let i = 0; i < 100; i++) classify(long);
    const perQuery = (performance.now() - t0) / 100;
    expect(classify(long).intent).toBe('understand_code');
    // Not a timing assertion on a noisy machine: a catastrophic regex would take seconds, not milliseconds.
    expect(perQuery).toBeLessThan(50);
  });

  it('non-ASCII text falls through to understand_code', () => {
    expect(classify('как работает аутентификация').intent).toBe('understand_code');
    expect(classify('認証はどう動く').rule).toBe('fallback');
    expect(planQuery('où est défini parseConfig').identifiers).toEqual(['parseConfig']);
  });

  it('a pasted code snippet is find_similar and keeps the snippet', () => {
    const snippet = 'function add(a, b) {\n  return a + b;\n}';
    const plan = planQuery(snippet);
    expect(plan.intent).toBe('find_similar');
    expect(plan.rule).toBe('code-snippet');
    expect(plan.snippet).toBe(snippet);
    expect(planQuery('const x = items.filter((i) => i.ok); return x;').intent).toBe('find_similar');
  });

  it('"similar to" phrasing reaches find_similar below the direct-path threshold', () => {
    expect(classify('code similar to retryWithBackoff')).toEqual({
      intent: 'find_similar',
      confidence: 0.8,
      rule: 'similar-phrase',
    });
  });

  it('reads the family said by its role, then what it implements or where it is, then `like X` (dbal, openpyxl)', () => {
    for (const q of [
      'other drivers implementing connect like Driver\\PDO\\MySQL\\Driver::connect',
      'other __set__ checks in the descriptors package like Min.__set__',
      'other from_tree classmethods like Font.from_tree',
    ])
      expect(classify(q)).toMatchObject({ intent: 'find_similar', rule: 'similar-phrase' });
  });

  it('"siblings of" or "other … implementations" inside a longer question is not a similar question', () => {
    expect(classify('how are the siblings of a node visited in order').intent).not.toBe('find_similar');
    expect(classify('where are the other storage implementations registered').intent).not.toBe('find_similar');
  });

  it('"how similar" measures a likeness: a question about behaviour (gnulib fstrcmp, real set)', () => {
    expect(classify('how does it measure how similar two strings are, to suggest a close match').intent).toBe(
      'understand_code',
    );
    // "similar" elsewhere in the question still asks for look-alikes.
    expect(classify('how do I find code similar to retryWithBackoff').intent).toBe('find_similar');
  });

  it('a lone word is a definition query: a name typed alone is asked for by name', () => {
    expect(classify('Parser').intent).toBe('find_definition');
    expect(classify('authentication').intent).toBe('find_definition');
    // Question and stop words alone are not names.
    expect(classify('explain').intent).toBe('understand_code');
    expect(classify('overview').intent).toBe('understand_code');
  });

  it('a definition keyword followed by three lower-case words or more is a phrase, not a declaration', () => {
    // Typed into a search box for x/tools' hash map keyed by types.Type (understand set keywords).
    expect(classify('type keyed hash map set')).toMatchObject({ intent: 'understand_code', rule: 'fallback' });
    expect(classify('package name guess from import path').intent).toBe('understand_code');
    // Declarations keep their rule: one name, then marks, types or names in code's case.
    for (const q of ['type QueryKey', 'type node struct', 'impl Display for Point', 'class UserRepository'])
      expect(classify(q).rule).toBe('definition-keyword');
    // A statement in lower-case words.
    expect(classify('from os import path').rule).toBe('definition-keyword');
    expect(classify('import numpy as np').rule).toBe('definition-keyword');
  });

  it('a definition cue directly before a plain word modifies it: a phrase about that noun, searched with it', () => {
    // Typed for cargo's `SourceId::from_url` (understand set keywords): "source" is the id's kind.
    const plan = planQuery('source id from url');
    expect(plan).toMatchObject({ intent: 'understand_code', rule: 'fallback' });
    expect(plan.terms).toEqual(['source', 'id', 'url']);
    expect(classify('live reload server').intent).toBe('understand_code');
    expect(classify('Converts the AST back into source text with the original formatting').intent).toBe(
      'understand_code',
    );
    // After the name, before a preposition or "code": where something is defined.
    for (const q of ['source of parse config', 'echo source', 'source code for echo', 'retry implementation'])
      expect(classify(q)).toMatchObject({ intent: 'find_definition', rule: 'definition-phrase' });
  });

  it("in a question asking how, another intent's cue word is a word of what the code does", () => {
    // Grape's `declared` and Ohai's plugin `depends`: the question's words are the code's.
    expect(
      planQuery('how do I get only the parameters I declared, without the extra keys the client sent').terms,
    ).toEqual(['parameters', 'declared', 'extra', 'keys', 'client', 'sent']);
    expect(planQuery('how does ohai make sure the plugins a plugin depends on run before it').terms).toContain(
      'depends',
    );
    expect(planQuery('how are request parameters checked before a call is sent').terms).toContain('call');
    // Asking for an explanation or for the code itself says nothing of what the code does.
    expect(planQuery('how is rate limiting implemented').terms).toEqual(['rate', 'limiting']);
    expect(planQuery('explain the architecture of the parser').terms).toEqual(['parser']);
    // Elsewhere the cue stays a cue: a references question searches its name alone.
    expect(planQuery('who calls parseConfig').terms).toEqual(['parse', 'config']);
    expect(planQuery('blast radius of changing the session store').terms).not.toContain('blast');
  });

  it('"error handling" prose is not an exact-match error token', () => {
    expect(classify('how is error handling done').intent).toBe('understand_code');
  });

  it('an error class in the `where is X defined` frame is asked for by name (OpenVDB’s ValueError)', () => {
    expect(classify('where is ValueError defined')).toMatchObject({ intent: 'find_definition' });
    expect(classify('where is ERR_INVALID_ARG_TYPE declared')).toMatchObject({ intent: 'find_definition' });
    // Anywhere else the token is text to match, as pasted.
    expect(classify('ValueError: expected grid outside value > 0')).toMatchObject({ intent: 'exact_match' });
    expect(classify('where is ValueError raised')).toMatchObject({ intent: 'exact_match' });
  });
});

describe('classify: runtime failures in several languages are exact matches', () => {
  it.each([
    ['ERR_REQUIRE_ESM', 'error-token'],
    ['net::ERR_CONNECTION_REFUSED', 'error-token'],
    ['panic: runtime error: invalid memory address or nil pointer dereference', 'error-token'],
    ['fatal error: all goroutines are asleep - deadlock!', 'error-token'],
    ['thread main panicked at src/main.rs:10:5', 'error-token'],
    ['error[E0382]: borrow of moved value', 'error-token'],
    ['Segmentation fault (core dumped)', 'error-token'],
    ['received SIGTERM, shutting down', 'error-token'],
    ['undefined is not a function', 'error-token'],
    ['Cannot read properties of null (reading length)', 'error-token'],
    ["Cannot read properties of null (reading 'length')", 'quoted-string'],
    ['Maximum call stack size exceeded', 'error-token'],
    ['KeyboardInterrupt', 'error-token'],
    ['Cannot reuse a closed connection', 'error-message'],
  ] as const)('%s → exact_match (%s)', (query, rule) => {
    const c = classify(query);
    expect(c).toMatchObject({ intent: 'exact_match', rule });
    let confidence = 0.85;
    if (rule === 'error-message') confidence = 0.7;
    else if (rule === 'quoted-string') confidence = 0.9;
    expect(c.confidence).toBe(confidence);
  });
});

describe('classify: phrasings no rule of the design names literally', () => {
  it.each([
    ['what would break if I delete utils/date.ts', 'impact_analysis'],
    ['downstream of QueryClient', 'impact_analysis'],
    ['what transitively depends on the cache module', 'impact_analysis'],
    ['files that transitively import config.ts', 'impact_analysis'],
    ['every place that calls createSelector', 'find_references'],
    ['places where setState is invoked', 'find_references'],
    ['who constructs a new QueryObserver', 'find_references'],
    ['looks like the debounce in utils', 'find_similar'],
    ['alternatives to deepClone in this repo', 'find_similar'],
    ['def chunks(lst, n): return [lst[i:i+n] for i in range(0, len(lst), n)]', 'find_similar'],
    ['where does createStore live', 'find_definition'],
    ['show me the Router class', 'find_definition'],
    ['pub fn new', 'find_definition'],
    ['what does structuralSharing do', 'understand_code'],
    ['how is the queryHash computed', 'understand_code'],
  ] as const)('%s → %s', (query, intent) => {
    expect(classify(query).intent).toBe(intent);
  });

  it.each([
    ['Removes every listener registered for the given event name', 0.6],
    ['Synchronously throws ParseError if the input has a cycle in it', 0.6],
    ['Wraps a callback so it only runs once', 0.6],
    ['Returns a copy of the state with the given key removed', 0.6],
  ] as const)('a sentence that describes code is a question about behaviour: %s', (query, confidence) => {
    expect(classify(query)).toEqual({ intent: 'understand_code', confidence, rule: 'description' });
  });

  it.each([
    ['parseConfig options loader cache fallback merge strategy', 'find_definition'],
    ['open the file that defines makeObservable', 'find_definition'],
    ['the Router class that handles redirects for the app', 'find_definition'],
    ['TypeError: Cannot read properties of undefined (reading map) in the render', 'exact_match'],
    ['2026-11-30T10:14:03Z ERROR [pool] the connection was closed by the server before it replied', 'exact_match'],
    ['Error: the connection was closed by the server before it replied', 'exact_match'],
    ['why does the ValueError happen when the pool is drained by the worker', 'exact_match'],
    ['how does the scheduler decide which of the workers gets a job', 'understand_code'],
  ] as const)('not a description: %s → %s', (query, intent) => {
    const c = classify(query);
    expect(c.intent).toBe(intent);
    expect(c.rule).not.toBe('description');
  });

  it.each([
    ['address already in use', 'exact_match', 'error-message'],
    ['bind: address already in use', 'exact_match', 'error-message'],
    ['Permission denied (publickey)', 'exact_match', 'error-message'],
    ['fatal: not a git repository', 'exact_match', 'error-token'],
    ['modules that depend on config.ts', 'impact_analysis', 'impact-phrase'],
    // Ruby's require names a file by its path without `.rb` (thor's `require "thor/parser/option"`).
    ['who requires thor/parser/option', 'impact_analysis', 'impact-phrase'],
    ['what includes alg-sha512.h', 'impact_analysis', 'impact-phrase'],
    // systemtap includes .c files whole (`#include "stat-common.c"`).
    ['which files include stat-common.c', 'impact_analysis', 'impact-phrase'],
    ['effect of renaming createSession', 'impact_analysis', 'impact-phrase'],
    ['something like throttle but for promises', 'find_similar', 'similar-phrase'],
    ['other places with the same retry loop', 'find_similar', 'similar-phrase'],
    ['duplicates of parseHeader', 'find_similar', 'similar-phrase'],
    ['duplicated code in the parser', 'find_similar', 'similar-phrase'],
    ['find duplicates', 'find_similar', 'similar-phrase'],
    // Duplicates the code handles, not look-alikes asked for (scrapy's dupefilters, real set).
    [
      'how are duplicate requests detected so the same page is not crawled twice',
      'understand_code',
      'understand-words',
    ],
    ['file descriptor duplicate', 'understand_code', 'fallback'],
    // A quoted example value in a how-question is an input, not a literal (rust-core's dec2flt).
    ['how is a decimal string such as "3.14e-5" turned into an f64', 'understand_code', 'understand-words'],
    ['where is "connection refused" printed', 'exact_match', 'quoted-string'],
    // The example gives a setting its value (cloud-init's authorized_keys options, real set).
    [
      'how does cloud-init split the options such as command="..." off the front of an authorized_keys line',
      'understand_code',
      'question-form',
    ],
    ['how is a header like Accept: "text/html" read', 'understand_code', 'understand-words'],
    // "how" after a leading clause naming the setting asks how (git's mergetool, real set).
    [
      'when merge.tool is not configured, how does git mergetool pick a tool that is actually installed',
      'understand_code',
      'question-form',
    ],
    // A family named by its role, at the start of the question (hyper's HttpConnector setters).
    ['other setters like HttpConnector::set_nodelay in client/connect/http.rs', 'find_similar', 'similar-phrase'],
    // symfony-di: the role with words before it.
    [
      'other boolean flag setters like AutowireTrait::autowire in Loader/Configurator/Traits',
      'find_similar',
      'similar-phrase',
    ],
    ['how do other plugins like the cache register their hooks', 'understand_code', 'understand-words'],
    ['other Write implementations', 'find_similar', 'similar-phrase'],
    ['other `UdpSocket::try_recv` versions', 'find_similar', 'similar-phrase'],
    ['siblings of parse_int', 'find_similar', 'similar-phrase'],
    // sbcl's hopscotch.c: "what else is like" asks for look-alikes; "what else is affected" for impact.
    ['what else is like get_val4 in hopscotch.c', 'find_similar', 'similar-phrase'],
    ['what else is affected by parseConfig', 'impact_analysis', 'impact-phrase'],
    // pylint: X's name and which of its definitions, `like the one in` a class.
    ['other has_property_returns like the one in EpytextDocstring', 'find_similar', 'similar-phrase'],
    ['which file declares Drafted', 'find_definition', 'definition-phrase'],
    ['Keeps track of how many times each key was requested', 'understand_code', 'description'],
    ['how many times is parseConfig called', 'find_references', 'references-phrase'],
  ] as const)('%s → %s (%s)', (query, intent, rule) => {
    expect(classify(query)).toMatchObject({ intent, rule });
  });

  it("a question that names a thrown error still goes to the error (the design's example)", () => {
    expect(classify('why does the ValueError happen')).toEqual({
      intent: 'exact_match',
      confidence: 0.85,
      rule: 'error-token',
    });
  });
});

describe('names first: a single identifier, qualified or not, is a definition question', () => {
  // Bare names from real projects: Flask's `render_template`'s `render`, Click's `parse`, Node's `once`.
  it.each(['parse', 'render', 'once', 'get', 'dispatch', 'new'])('%s alone → find_definition of that name', (q) => {
    const plan = planQuery(q);
    expect(plan.intent).toBe('find_definition');
    expect(plan.rule).toBe('identifier');
    expect(plan.identifiers).toEqual([q]);
  });

  it.each([
    ['Flask.route', ['route', 'Flask']],
    ['Command::new', ['new', 'Command']],
    ['ActiveRecord#save', ['save', 'ActiveRecord']],
    ['$this->render', ['render', '$this']],
    ['Parser->parse', ['parse', 'Parser']],
  ] as const)('%s: the last part is the name, the qualifier its container', (q, identifiers) => {
    const plan = planQuery(q);
    expect(plan.intent).toBe('find_definition');
    expect(plan.identifiers).toEqual(identifiers);
  });

  it.each([
    ['Context.invoke', ['invoke', 'Context'], ['Context']],
    ['Thor::Options#parse', ['parse', 'Thor', 'Options'], ['Thor', 'Options']],
    ['mpsc::channel', ['channel', 'mpsc'], ['mpsc']],
    ['Parser->parse', ['parse', 'Parser'], ['Parser']],
    ['List:clone', ['clone', 'List'], ['List']],
    ['where is Semaphore::acquire_owned defined', ['acquire_owned', 'Semaphore'], ['Semaphore']],
  ] as const)('%s: the qualifier selects the container', (q, identifiers, qualifiers) => {
    const plan = planQuery(q);
    expect(plan.intent).toBe('find_definition');
    expect(plan.identifiers).toEqual(identifiers);
    expect(plan.qualifiers).toEqual(qualifiers);
  });

  // Symfony's DependencyInjection: the package's root is the namespace's last folder, so its parts are in no path.
  it.each([
    [
      'Symfony\\Component\\DependencyInjection\\Compiler\\PassConfig::addPass',
      ['addPass', 'PassConfig'],
      ['PassConfig'],
    ],
    ['\\App\\Kernel::boot', ['boot', 'Kernel'], ['Kernel']],
    ['Symfony\\Component\\DependencyInjection\\Compiler\\PassConfig', ['PassConfig'], undefined],
  ] as const)('%s: a namespaced PHP name asks for its class (and member)', (q, identifiers, qualifiers) => {
    const plan = planQuery(q);
    expect(plan.intent).toBe('find_definition');
    expect(plan.raw).toBe(q);
    expect(plan.identifiers).toEqual(identifiers);
    expect(plan.qualifiers).toEqual(qualifiers);
  });

  it('a backslash that is not a namespace (a Windows path, an escape) names nothing', () => {
    expect(planQuery('C:\\Users\\app').identifiers).toEqual([]);
    expect(planQuery('could not open C:\\Users\\App\\config.php').qualifiers).not.toContain('App');
  });

  it('a receiver (`self.x`, `$this->x`) or two names are no qualifier', () => {
    expect(planQuery('$this->render').qualifiers).toBeUndefined();
    expect(planQuery('self.parse').qualifiers).toBeUndefined();
    expect(planQuery('Self::new').qualifiers).toBeUndefined();
    expect(planQuery('parse').qualifiers).toBeUndefined();
    expect(planQuery('where are Foo.bar and Baz.qux defined').qualifiers).toBeUndefined();
  });

  // Names from rake, googletest and Ruby's core: the characters a language allows in a name are kept.
  it.each([
    ['gsub!', ['gsub!']],
    ['where is gsub! defined', ['gsub!']],
    ['FileList#existing!', ['existing!', 'FileList']],
    ['empty?', ['empty?']],
    ['where is empty? defined', ['empty?']],
    ['where is value= defined', ['value=']],
    ['where is ~MatcherDescriberInterface defined', ['~MatcherDescriberInterface']],
    ['operator==', ['operator==']],
    ['where is operator [] defined', ['operator[]']],
    ['where is operator bool defined', ['operator bool']],
    ['where is operator ::testing::Matcher<F> defined', ['operator ::testing::Matcher<F>']],
    ['<=>', ['<=>']],
    ['where is <=> defined', ['<=>']],
    ['where is List defined', ['List']],
  ] as const)('%s → a definition of %j', (q, identifiers) => {
    const plan = planQuery(q);
    expect(plan.intent).toBe('find_definition');
    expect(plan.identifiers).toEqual(identifiers);
  });

  // rich's `class Live` in live.py: `live` is also a definition cue ("where does X live").
  it.each([
    ['where is the Live class defined', ['Live']],
    ['the Source class', ['Source']],
    ['the Router class that handles redirects for the app', ['Router']],
    // rich's `class Segment(NamedTuple)` and `class Console`: typed as one asks an editor to open them.
    ['find Segment', ['Segment']],
    ["where's the Segment type", ['Segment']],
    ['Console class', ['Console']],
    ['go to the MAX_SIZE macro', ['MAX_SIZE']],
  ] as const)('the name a kind noun names is the name: %s', (q, identifiers) => {
    const plan = planQuery(q);
    expect(plan.rule).toBe('definition-noun');
    expect(plan.identifiers).toEqual(identifiers);
  });

  it.each(['find duplicates', 'find ECONNREFUSED', 'the first class'])('%s names nothing to open', (q) => {
    expect(planQuery(q).rule).not.toBe('definition-noun');
  });

  it('a question mark ending a sentence is not part of a name', () => {
    expect(planQuery('where is parse defined?').identifiers).toEqual(['parse']);
    expect(planQuery('how does parse work?').identifiers).not.toContain('work?');
  });

  it('a sentence describing code that quotes one word is a description, not an exact phrase', () => {
    const q = "Returns the 'default' value of the option when the user gives none";
    const plan = planQuery(q);
    expect(plan.intent).toBe('understand_code');
    expect(plan.rule).toBe('description');
    expect(plan.literal).toBeUndefined();
    // A quoted phrase, or a quote alone, is still an exact match.
    expect(classify('"connection refused"').intent).toBe('exact_match');
    expect(classify('grep for "connection refused" in the logs').intent).toBe('exact_match');
    // Printed messages that quote a value stay literal (they state what happened).
    expect(classify("thread 'main' has overflowed its stack").intent).toBe('exact_match');
    expect(classify("TS2339: Property 'foo' does not exist on type 'Bar'.").intent).toBe('exact_match');
    expect(classify("Timeout of 30s exceeded for 'fetchUser'").intent).toBe('exact_match');
  });
});

describe('names first: a lone name shaped like an error token that the repository defines', () => {
  const defined = new Set(['NewHTTPError', 'HTTPError', 'ENOENT', 'Context']);
  const routed = (q: string) => routeDefinedName(planQuery(q), (name) => defined.has(name));

  it.each(['NewHTTPError', 'HTTPError', 'ENOENT', 'echo.NewHTTPError'])('%s → find_definition of that name', (q) => {
    expect(planQuery(q).rule).toBe('error-token');
    const plan = routed(q);
    expect(plan).toMatchObject({ intent: 'find_definition', rule: 'identifier', confidence: 0.8 });
    expect(plan.identifiers[0]).toBe(q.split('.').pop());
    expect(plan.literal).toBeUndefined();
  });

  it('a PHP exception or its method typed with its namespace is asked without it (dbal)', () => {
    const php = new Set(['conversionFailedFormat', 'ConversionException']);
    const namespaced = (q: string) => routeDefinedName(planQuery(q), (name) => php.has(name));
    expect(planQuery('Doctrine\\DBAL\\Types\\ConversionException::conversionFailedFormat').rule).toBe('error-token');
    expect(namespaced('Doctrine\\DBAL\\Types\\ConversionException::conversionFailedFormat')).toMatchObject({
      intent: 'find_definition',
      rule: 'identifier',
      identifiers: ['conversionFailedFormat', 'ConversionException'],
    });
    expect(namespaced('\\Doctrine\\DBAL\\Types\\ConversionException')).toMatchObject({
      intent: 'find_definition',
      identifiers: ['ConversionException'],
    });
    // A backslash that is no namespace (a Windows path in a message) leaves the error as it was.
    expect(namespaced('ConversionException in C:\\app\\x.php')).toMatchObject({ intent: 'exact_match' });
  });

  it('keeps a token the repository does not define, and a sentence around a defined one, an exact match', () => {
    expect(routed('TypeError')).toMatchObject({ intent: 'exact_match', rule: 'error-token', literal: 'TypeError' });
    expect(routed('why does HTTPError happen')).toMatchObject({ intent: 'exact_match', rule: 'error-token' });
  });
});

describe('planQuery: what each retriever gets', () => {
  it('pulls identifiers, terms and literals', () => {
    const p = planQuery('where is parseConfig defined');
    expect(p.identifiers).toEqual(['parseConfig']);
    expect(p.terms).toEqual(['parse', 'config']);
    expect(planQuery('find ECONNREFUSED').literal).toBe('ECONNREFUSED');
    expect(planQuery('"connection refused"').literal).toBe('connection refused');
    expect(planQuery('who calls the render function').identifiers).toEqual(['render']);
    expect(planQuery('impact of changing Config.load').identifiers).toEqual(['load', 'Config']);
    expect(planQuery('who calls res.send').identifiers).toEqual(['send', 'res']);
    expect(planQuery('usages of os.path.join').identifiers).toEqual(['join', 'os', 'path']);
  });

  it('marks a references question about calls (the graph lists call sites of callables only)', () => {
    for (const q of ['who calls archiveFile', 'callers of KeyTag', 'what invokes poll_lock', 'call sites of fd_safer'])
      expect(planQuery(q).asksCalls, q).toBe(true);
    for (const q of ['find references to KeyTag', 'which files use FuturesOrdered', 'where is parseConfig defined'])
      expect(planQuery(q).asksCalls, q).toBeUndefined();
  });

  it('marks a question naming the include itself (the graph lists the lines that #include the file)', () => {
    for (const q of ['what includes stp_helper_lock.h', 'which files #include stat-common.c', 'who includes x.h'])
      expect(planQuery(q).asksIncluders, q).toBe(true);
    for (const q of ['what depends on stp_helper_lock.h', 'which files use cr.h', 'where is include_dirs defined'])
      expect(planQuery(q).asksIncluders, q).toBeUndefined();
  });

  it('marks the names a references question calls a package (the graph reads them as folders)', () => {
    expect(planQuery('which files use the qlog package').packageNames).toEqual(['qlog']);
    expect(planQuery('who uses package qlog').packageNames).toEqual(['qlog']);
    expect(planQuery('which files use the lib/versioner package').packageNames).toEqual(['lib/versioner']);
    for (const q of ['which files use qlog.go', 'what depends on the package', 'where is the qlog package defined'])
      expect(planQuery(q).packageNames, q).toBeUndefined();
  });

  it('a forced intent (Find similar, tests) is reported as the user choice', () => {
    const p = planQuery('parseConfig', 'find_similar');
    expect(p).toMatchObject({ intent: 'find_similar', confidence: 1, rule: 'user-choice' });
    expect(planQuery('connection was reset by peer', 'exact_match').literal).toBe('connection was reset by peer');
  });
});

describe('CLASSIFIER_RULES: the classifier described for the teaching page', () => {
  it('lists every rule in the order tried, each with the intent and confidence it gives', async () => {
    const { CLASSIFIER_RULES, RULES } = await import('./classify');
    expect(CLASSIFIER_RULES.map((r) => r.rule)).toEqual(RULES.filter((r) => r !== 'empty'));
    const byRule = Object.fromEntries(CLASSIFIER_RULES.map((r) => [r.rule, r]));
    expect(byRule['definition-keyword']).toMatchObject({ intent: 'find_definition', confidence: '0.95' });
    expect(byRule['identifier']).toMatchObject({ intent: 'find_definition', confidence: '0.6–0.8' });
    expect(byRule['fallback']).toMatchObject({ intent: 'understand_code', confidence: '0.4' });
    for (const q of ['def parseConfig', 'who calls x', 'find ECONNREFUSED', 'how does it work', 'zzz']) {
      const c = classify(q);
      expect(byRule[c.rule].intent).toBe(c.intent);
    }
  });
});

describe('a file name typed alone is a file to open, as "go to file" reads it', () => {
  it.each([
    ['console.py', { path: 'console.py' }],
    ['open console.py', { path: 'console.py' }],
    ['go to the file router.go', { path: 'router.go' }],
    ['lib/router/index.js', { path: 'lib/router/index.js' }],
    ['router/index', { path: 'router/index' }],
    ['./src/engine/', { path: './src/engine/' }],
    ['Makefile', { path: 'Makefile' }],
    ['go.mod', { path: 'go.mod' }],
    ['.travis.yml', { path: '.travis.yml' }],
    ['router.go:120', { path: 'router.go', line: 120 }],
    ['checkers/variables.py:468:8', { path: 'checkers/variables.py', line: 468 }],
  ])('%s', (query, fileNamed) => {
    expect(classify(query)).toEqual({ intent: 'find_definition', confidence: 0.9, rule: 'file-name' });
    expect(planQuery(query).fileNamed).toEqual(fileNamed);
  });

  it('asks for the definitions of a named file’s stem when no file is so named, and a path without an extension for its words', () => {
    expect(planQuery('console.py').identifiers).toEqual(['console']);
    expect(planQuery('lib/router/index.js').identifiers).toEqual(['index']);
    expect(planQuery('router/index').identifiers).toEqual([]);
    expect(planQuery('router/index').terms).toEqual(['router', 'index']);
  });

  it.each(['index', 'config', 'Echo.Start', 'TruncIndex.Get', 'os.path', 'res.send', 'console.log', 'std::io', '.map'])(
    '%s keeps its routing: a name, not a file',
    (query) => {
      expect(classify(query).rule).not.toBe('file-name');
      expect(planQuery(query).fileNamed).toBeUndefined();
    },
  );

  it('leaves a quoted file name to the exact match, and a sentence naming a file to its question', () => {
    expect(classify('"console.py"').rule).toBe('quoted-string');
    expect(classify('what depends on transforms/universal.py').rule).toBe('impact-phrase');
    expect(classify('src/shop/views.py:42:8: W0612: Unused variable').rule).not.toBe('file-name');
  });
});
