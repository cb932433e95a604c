#!/usr/bin/env python3
"""Would a small fitted model over today's signals order how-does candidates better than the hand rules?

Reads the dump bench/real/dump.ts writes (FOURFOLD_DUMP_CANDIDATES=path npm run eval -- --real-only)
and measures, at the line (bench/real/score.ts), over the same candidate pools:
  (a) today's order: the results as shown, one per file;
  (b) a linear listwise model (softmax over a question's candidates, L2), fitted on other projects:
      each file stands by its best-scored candidate (the result or a sub-result), files by that score;
  (c) the ceiling: a candidate of the pool answers at all.

  python3 bench/real/rerank.py cv DUMP            leave-one-project-out, then half splits
  python3 bench/real/rerank.py fit DUMP MODEL     fit on every question, write the model
  python3 bench/real/rerank.py apply DUMP MODEL   (a) vs (b) with a frozen model

Options: --lambda=L (the L2 weight, 0.01 unless given), --files-only (keep today's member of each
file, reorder only the files). numpy, and scipy's L-BFGS when it is installed (full-batch Adam
otherwise). The dump holds no held-out question (the runner never writes them).
"""
import json
import math
import os
import sys

# Two shared cores: BLAS threads fighting over them make each fit many times slower.
os.environ.setdefault('OPENBLAS_NUM_THREADS', '1')
os.environ.setdefault('OMP_NUM_THREADS', '1')

import numpy as np

MODALITIES = ['semantic', 'text', 'structural', 'graph']
KINDS = ['function', 'method', 'class', 'struct', 'interface', 'type', 'enum', 'module', 'trait', 'impl', 'macro']
FACTORS = [
    'firstInEveryList', 'memberNameCoverage', 'memberChosen', 'fileWordsShare', 'placeWordsShare',
    'aboveByEveryList', 'aboveByFirstPlace', 'aboveItsCopy', 'inPlaceOf', 'centrality',
]
LOG_FACTORS = ['rrf', 'boost', 'demotion', 'memberFactor', 'fileWordsFactor', 'placeWordsFactor']


def features(c, q, top_score):
    f = {}
    f['logScore'] = math.log(max(c['score'], 1e-9))
    f['scoreShare'] = c['score'] / top_score if top_score > 0 else 0
    f['logFileScore'] = math.log(max(c['fileScore'], 1e-9))
    f['fileRankInv'] = 1 / (1 + c['fileRank'])
    f['logFileRank'] = math.log1p(c['fileRank'])
    f['isSub'] = 1.0 if c['sub'] >= 0 else 0.0
    for m in MODALITIES:
        x = c['modalities'].get(m)
        f[f'{m}:in'] = 1.0 if x else 0.0
        f[f'{m}:rankInv'] = 1 / (1 + x['rank']) if x else 0.0
        f[f'{m}:logRank'] = math.log1p(x['rank']) if x else math.log1p(100)
        f[f'{m}:contribution'] = x['contribution'] * 100 if x else 0.0
    f['listsIn'] = sum(1 for m in MODALITIES if c['modalities'].get(m))
    for k in FACTORS:
        f[k] = float(c['factors'].get(k, 0))
    for k in LOG_FACTORS:
        f[f'log:{k}'] = math.log(max(float(c['factors'].get(k, 1)), 1e-9))
    f['logLines'] = math.log(max(c['lines'], 1))
    f['folderDepth'] = c['folderDepth']
    f['nesting'] = c['nesting']
    f['isDefinition'] = 1.0 if c['definitionKind'] else 0.0
    for k in KINDS:
        f[f'kind:{k}'] = 1.0 if c['definitionKind'] == k else 0.0
    f['words:name'] = c['words']['name']
    f['words:path'] = c['words']['path']
    f['words:body'] = c['words']['body']
    f['words:nameBody'] = c['words']['name'] * c['words']['body']
    return f


def load(path):
    qs = []
    for line in open(path):
        d = json.loads(line)
        cands = d['candidates']
        top = max((c['score'] for c in cands), default=0)
        rows = [features(c, d, top) for c in cands]
        qs.append({
            'id': d['id'], 'project': d['project'], 'language': d['language'], 'same': d['sameTop10'],
            'cands': cands, 'rows': rows,
            'y': np.array([1.0 if c['label'] else 0.0 for c in cands]),
        })
    names = sorted({k for q in qs for r in q['rows'] for k in r})
    for q in qs:
        q['X'] = np.array([[r.get(k, 0.0) for k in names] for r in q['rows']]) if q['rows'] else np.zeros((0, len(names)))
    return qs, names


def mrr_of(order, cands):
    """order: candidate indexes in shown order (one per file); line MRR@10 and Hit@1."""
    for rank, i in enumerate(order[:10]):
        if cands[i]['label']:
            return 1 / (rank + 1), 1.0 if rank == 0 else 0.0
    return 0.0, 0.0


def today(q):
    order = sorted((i for i, c in enumerate(q['cands']) if c['sub'] < 0), key=lambda i: q['cands'][i]['fileRank'])
    return mrr_of(order, q['cands'])


def reranked(q, s, members=True):
    best = {}
    for i, c in enumerate(q['cands']):
        if not members and c['sub'] >= 0:
            continue
        if c['path'] not in best or s[i] > s[best[c['path']]]:
            best[c['path']] = i
    order = sorted(best.values(), key=lambda i: -s[i])
    return mrr_of(order, q['cands'])


def ceiling(q, files=None):
    """A candidate answers: anywhere in the pool, or (files=10) among the first ten files' candidates."""
    return 1.0 if any(c['label'] and (files is None or c['fileRank'] < files) for c in q['cands']) else 0.0


# Not penalized: with every other weight driven to 0 the model orders as today (each file by its
# result's fused score), so the penalty pulls toward today's order, not toward a random one.
FREE = {'logScore'}


def fit(qs, names, lam=0.01, steps=600, lr=0.05):
    """Listwise softmax (ListNet over the positives' share) with L2, full-batch Adam on standardized features."""
    dim = len(names)
    penalized = np.array([0.0 if n in FREE else 1.0 for n in names])
    train = [q for q in qs if q['y'].sum() > 0 and len(q['y']) > 1]
    allX = np.vstack([q['X'] for q in train])
    mu, sd = allX.mean(0), allX.std(0)
    sd[sd < 1e-9] = 1.0
    X = (allX - mu) / sd
    sizes = np.array([len(q['y']) for q in train])
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    seg = np.repeat(np.arange(len(train)), sizes)
    y = np.concatenate([q['y'] for q in train])
    pos = y / np.add.reduceat(y, starts)[seg]
    n = len(train)

    def loss(w):
        s = X @ w
        s = s - np.maximum.reduceat(s, starts)[seg]
        e = np.exp(s)
        z = np.add.reduceat(e, starts)
        p = e / z[seg]
        value = -(pos * (s - np.log(z)[seg])).sum() / n + lam * (penalized * w * w).sum()
        return value, 2 * lam * penalized * w + X.T @ (p - pos) / n

    try:
        from scipy.optimize import minimize

        w = minimize(loss, np.zeros(dim), jac=True, method='L-BFGS-B', options={'maxiter': steps}).x
    except ImportError:  # full-batch Adam
        w, m, v = np.zeros(dim), np.zeros(dim), np.zeros(dim)
        for t in range(1, steps + 1):
            g = loss(w)[1]
            m = 0.9 * m + 0.1 * g
            v = 0.999 * v + 0.001 * g * g
            w -= lr * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)
    return {'w': w, 'mu': mu, 'sd': sd}


def scores(model, q):
    return ((q['X'] - model['mu']) / model['sd']) @ model['w'] if len(q['X']) else np.zeros(0)


def summary(label, qs, pairs):
    """pairs: per question (today, reranked) as (mrr, hit1)."""
    n = len(qs)
    a = np.array([p[0] for p in pairs])
    b = np.array([p[1] for p in pairs])
    c = np.array([ceiling(q) for q in qs])
    c10 = np.array([ceiling(q, 10) for q in qs])
    print(f'{label:<14} n={n:4d}  today MRR {a[:, 0].mean():.3f} Hit@1 {a[:, 1].mean():.3f}   '
          f'reranked MRR {b[:, 0].mean():.3f} Hit@1 {b[:, 1].mean():.3f}   ceiling {c.mean():.3f} '
          f'(ten files {c10.mean():.3f})   '
          f'up {int((b[:, 0] > a[:, 0] + 1e-9).sum())} down {int((b[:, 0] < a[:, 0] - 1e-9).sum())}')


def evaluate(qs, model, members=True):
    return [(today(q), reranked(q, scores(model, q), members)) for q in qs]


def cv(path, lam, members=True):
    qs, names = load(path)
    projects = sorted({q['project'] for q in qs})
    print(f'{len(qs)} questions, {len(projects)} projects, {len(names)} features, '
          f'same top ten as scored: {sum(q["same"] for q in qs)}; lambda {lam}; members {members}')
    pairs = {}
    for p in projects:
        model = fit([q for q in qs if q['project'] != p], names, lam)
        for q in qs:
            if q['project'] == p:
                pairs[q['id']] = (today(q), reranked(q, scores(model, q), members))
    summary('all (LOPO)', qs, [pairs[q['id']] for q in qs])
    for lang in sorted({q['language'] for q in qs}):
        sub = [q for q in qs if q['language'] == lang]
        summary(lang, sub, [pairs[q['id']] for q in sub])
    return qs, names, pairs


def halves(path, lam, seeds=5, members=True):
    qs, names = load(path)
    projects = sorted({q['project'] for q in qs})
    for seed in range(seeds):
        rng = np.random.default_rng(seed)
        picked = set(rng.permutation(projects)[: len(projects) // 2])
        model = fit([q for q in qs if q['project'] in picked], names, lam)
        test = [q for q in qs if q['project'] not in picked]
        summary(f'half seed {seed}', test, evaluate(test, model, members))


def weights(model, names, top=15):
    order = np.argsort(-np.abs(model['w']))
    return [(names[i], float(model['w'][i])) for i in order[:top]]


def main():
    mode = sys.argv[1] if len(sys.argv) > 2 else ''
    lam = float(next((a.split('=')[1] for a in sys.argv if a.startswith('--lambda=')), 0.01))
    members = '--files-only' not in sys.argv
    if mode == 'cv':
        cv(sys.argv[2], lam, members)
        halves(sys.argv[2], lam, members=members)
    elif mode == 'fit':
        qs, names = load(sys.argv[2])
        model = fit(qs, names, lam)
        json.dump({'names': names, 'lambda': lam, **{k: model[k].tolist() for k in ('w', 'mu', 'sd')}},
                  open(sys.argv[3], 'w'), indent=1)
        summary('fitted (train)', qs, evaluate(qs, model, members))
        for n, w in weights(model, names):
            print(f'  {w:+.3f}  {n}')
    elif mode == 'apply':
        qs, names = load(sys.argv[2])
        m = json.load(open(sys.argv[3]))
        index = {n: i for i, n in enumerate(names)}
        for q in qs:
            q['X'] = np.array([[q['X'][r, index[n]] if n in index else 0.0 for n in m['names']]
                               for r in range(len(q['X']))]) if len(q['X']) else np.zeros((0, len(m['names'])))
        model = {k: np.array(m[k]) for k in ('w', 'mu', 'sd')}
        summary('frozen', qs, evaluate(qs, model, members))
        for lang in sorted({q['language'] for q in qs}):
            sub = [q for q in qs if q['language'] == lang]
            summary(lang, sub, evaluate(sub, model, members))
    else:
        sys.exit(__doc__)


if __name__ == '__main__':
    main()
