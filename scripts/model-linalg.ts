/**
 * The little linear algebra the model builder needs, in plain TypeScript so `npm run model`
 * needs nothing beyond Node: a seeded Gaussian generator, a CSR sparse matrix, CholeskyQR2
 * orthonormalisation, a Jacobi eigensolver and a randomized truncated SVD (Halko et al. 2011).
 * Dense matrices are row-major Float64Array with an explicit column count.
 */

/** Deterministic PRNG (mulberry32) with a Box–Muller Gaussian on top. */
export class SeededRandom {
  private state: number;
  private spare: number | null = null;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  uniform(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  gaussian(): number {
    if (this.spare !== null) {
      const s = this.spare;
      this.spare = null;
      return s;
    }
    let u = 0;
    while (u === 0) u = this.uniform();
    const v = this.uniform();
    const r = Math.sqrt(-2 * Math.log(u));
    this.spare = r * Math.sin(2 * Math.PI * v);
    return r * Math.cos(2 * Math.PI * v);
  }
}

/** Compressed sparse rows: row r's entries are cols/values[rowStart[r] .. rowStart[r+1]). */
export interface CsrMatrix {
  rows: number;
  cols: number;
  rowStart: Uint32Array;
  colIndex: Uint32Array;
  values: Float32Array;
}

/** Y (rows × k) = A · X, with X (cols × k). */
export function csrTimesDense(a: CsrMatrix, x: Float64Array, k: number): Float64Array {
  const y = new Float64Array(a.rows * k);
  for (let r = 0; r < a.rows; r++) {
    const yo = r * k;
    for (let p = a.rowStart[r]; p < a.rowStart[r + 1]; p++) {
      const v = a.values[p];
      const xo = a.colIndex[p] * k;
      for (let j = 0; j < k; j++) y[yo + j] += v * x[xo + j];
    }
  }
  return y;
}

/** Z (cols × k) = Aᵀ · Q, with Q (rows × k). */
export function csrTransposeTimesDense(a: CsrMatrix, q: Float64Array, k: number): Float64Array {
  const z = new Float64Array(a.cols * k);
  for (let r = 0; r < a.rows; r++) {
    const qo = r * k;
    for (let p = a.rowStart[r]; p < a.rowStart[r + 1]; p++) {
      const v = a.values[p];
      const zo = a.colIndex[p] * k;
      for (let j = 0; j < k; j++) z[zo + j] += v * q[qo + j];
    }
  }
  return z;
}

/** G = Yᵀ Y (k × k) for Y (n × k). */
export function gram(y: Float64Array, n: number, k: number): Float64Array {
  const g = new Float64Array(k * k);
  for (let r = 0; r < n; r++) {
    const o = r * k;
    for (let i = 0; i < k; i++) {
      const yi = y[o + i];
      if (yi === 0) continue;
      const gi = i * k;
      for (let j = i; j < k; j++) g[gi + j] += yi * y[o + j];
    }
  }
  for (let i = 0; i < k; i++) for (let j = 0; j < i; j++) g[i * k + j] = g[j * k + i];
  return g;
}

/** Upper-triangular R with Rᵀ R = G; tiny pivots are clamped so rank-deficient input stays finite. */
function cholesky(g: Float64Array, k: number): Float64Array {
  const r = new Float64Array(k * k);
  let maxDiag = 0;
  for (let i = 0; i < k; i++) maxDiag = Math.max(maxDiag, g[i * k + i]);
  const floor = maxDiag * 1e-14 + 1e-300;
  for (let i = 0; i < k; i++) {
    let s = g[i * k + i];
    for (let p = 0; p < i; p++) s -= r[p * k + i] * r[p * k + i];
    const d = Math.sqrt(Math.max(s, floor));
    r[i * k + i] = d;
    for (let j = i + 1; j < k; j++) {
      let t = g[i * k + j];
      for (let p = 0; p < i; p++) t -= r[p * k + i] * r[p * k + j];
      r[i * k + j] = t / d;
    }
  }
  return r;
}

/** In place: Y ← Y R⁻¹ (solve row by row, R upper-triangular). */
function solveUpperRight(y: Float64Array, n: number, k: number, r: Float64Array): void {
  const row = new Float64Array(k);
  for (let t = 0; t < n; t++) {
    const o = t * k;
    for (let j = 0; j < k; j++) {
      let s = y[o + j];
      for (let p = 0; p < j; p++) s -= row[p] * r[p * k + j];
      row[j] = s / r[j * k + j];
    }
    y.set(row, o);
  }
}

/** Orthonormal columns spanning Y's (CholeskyQR twice: the second pass repairs the first's rounding). */
export function orthonormalize(y: Float64Array, n: number, k: number): Float64Array {
  for (let pass = 0; pass < 2; pass++) solveUpperRight(y, n, k, cholesky(gram(y, n, k), k));
  return y;
}

/** Eigen-decomposition of a symmetric k × k matrix by cyclic Jacobi; eigenvalues descending. */
export function symmetricEigen(input: Float64Array, k: number): { values: Float64Array; vectors: Float64Array } {
  const a = Float64Array.from(input);
  const v = new Float64Array(k * k);
  for (let i = 0; i < k; i++) v[i * k + i] = 1;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let i = 0; i < k; i++) for (let j = i + 1; j < k; j++) off += a[i * k + j] ** 2;
    if (off < 1e-22) break;
    for (let p = 0; p < k; p++) {
      for (let q = p + 1; q < k; q++) {
        const apq = a[p * k + q];
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q * k + q] - a[p * k + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let r = 0; r < k; r++) {
          const arp = a[r * k + p];
          const arq = a[r * k + q];
          a[r * k + p] = c * arp - s * arq;
          a[r * k + q] = s * arp + c * arq;
        }
        for (let r = 0; r < k; r++) {
          const apr = a[p * k + r];
          const aqr = a[q * k + r];
          a[p * k + r] = c * apr - s * aqr;
          a[q * k + r] = s * apr + c * aqr;
        }
        for (let r = 0; r < k; r++) {
          const vrp = v[r * k + p];
          const vrq = v[r * k + q];
          v[r * k + p] = c * vrp - s * vrq;
          v[r * k + q] = s * vrp + c * vrq;
        }
      }
    }
  }
  const order = [...Array(k).keys()].sort((x, y) => a[y * k + y] - a[x * k + x]);
  const values = new Float64Array(k);
  const vectors = new Float64Array(k * k); // column j = eigenvector j
  order.forEach((src, dst) => {
    values[dst] = a[src * k + src];
    for (let r = 0; r < k; r++) vectors[r * k + dst] = v[r * k + src];
  });
  return { values, vectors };
}

/** C (n × m) = A (n × k) · B (k × m). */
export function denseTimes(a: Float64Array, n: number, k: number, b: Float64Array, m: number): Float64Array {
  const c = new Float64Array(n * m);
  for (let i = 0; i < n; i++) {
    for (let p = 0; p < k; p++) {
      const aip = a[i * k + p];
      if (aip === 0) continue;
      const bo = p * m;
      const co = i * m;
      for (let j = 0; j < m; j++) c[co + j] += aip * b[bo + j];
    }
  }
  return c;
}

/**
 * Rank-`rank` SVD of A: left singular vectors U (rows × rank) and singular values, by a
 * Gaussian range sketch, `powerIterations` subspace iterations, then an exact eigen step
 * on the small (sketch × sketch) matrix B Bᵀ with B = Qᵀ A.
 */
export function randomizedSvd(
  a: CsrMatrix,
  rank: number,
  options: { oversample: number; powerIterations: number; random: SeededRandom; log?: (m: string) => void },
): { u: Float64Array; singularValues: Float64Array } {
  const l = rank + options.oversample;
  const omega = new Float64Array(a.cols * l);
  for (let i = 0; i < omega.length; i++) omega[i] = options.random.gaussian();
  let q = orthonormalize(csrTimesDense(a, omega, l), a.rows, l);
  for (let it = 0; it < options.powerIterations; it++) {
    options.log?.(`  power iteration ${it + 1}/${options.powerIterations}`);
    const z = orthonormalize(csrTransposeTimesDense(a, q, l), a.cols, l);
    q = orthonormalize(csrTimesDense(a, z, l), a.rows, l);
  }
  // Bᵀ = Aᵀ Q (cols × l); B Bᵀ = (Bᵀ)ᵀ Bᵀ.
  const bt = csrTransposeTimesDense(a, q, l);
  const bbt = gram(bt, a.cols, l);
  const { values, vectors } = symmetricEigen(bbt, l);
  const uFull = denseTimes(q, a.rows, l, vectors, l);
  const u = new Float64Array(a.rows * rank);
  for (let r = 0; r < a.rows; r++) for (let j = 0; j < rank; j++) u[r * rank + j] = uFull[r * l + j];
  const singularValues = new Float64Array(rank);
  for (let j = 0; j < rank; j++) singularValues[j] = Math.sqrt(Math.max(values[j], 0));
  return { u, singularValues };
}

/** A random orthogonal k × k matrix (QR of a Gaussian matrix). */
export function randomRotation(k: number, random: SeededRandom): Float64Array {
  const g = new Float64Array(k * k);
  for (let i = 0; i < g.length; i++) g[i] = random.gaussian();
  return orthonormalize(g, k, k);
}
