/**
 * CPU time of the macro work of a build (issue 20, definitions made by macros) against the whole
 * analysis, on real-set projects: what the analyzer adds per file (its own `macro_rules!` and
 * `#define`s, macro-rules.ts and c-macros.ts) and the corpus pass (corpus-macros.ts), averaged
 * over 5 runs. CPU time, not wall time: a shared machine's load moves it far less.
 *
 *   npx tsx bench/cost/macro-work.ts tokio systemtap rustls
 */
import { loadProject, PROJECTS } from '../real/projects';
import { cDefineTable, cMacroDefinitions, cMacroRules } from '../../src/engine/structural/c-macros';
import { CorpusMacros } from '../../src/engine/structural/corpus-macros';
import { StructuralAnalyzer } from '../../src/engine/structural/analyzer';
import { macroTable, rustMacroDefinitions, rustMacroRules } from '../../src/engine/structural/macro-rules';
import { nodeGrammars } from '../../src/node/grammars';

const RUNS = 5;

function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

async function main() {
  const analyzer = await StructuralAnalyzer.create(nodeGrammars);
  for (const name of process.argv.slice(2)) {
    const project = PROJECTS.find((p) => p.name === name);
    if (!project) throw new Error(`no real-set project named ${name}`);
    const loaded = await loadProject(project, (m) => process.stderr.write(`${m}\n`));
    if (!loaded) continue;
    const { files } = loaded;
    let t = cpuMs();
    const analyses = files.map((f) => analyzer.analyze(f.path, f.text));
    const analysis = cpuMs() - t;
    t = cpuMs();
    for (let run = 0; run < RUNS; run++) {
      for (const f of files) {
        if (f.path.endsWith('.rs')) rustMacroDefinitions(f.text, macroTable(rustMacroRules(f.text)));
        else cMacroDefinitions(f.text, cDefineTable(cMacroRules(f.text)));
      }
      const macros = CorpusMacros.of(files);
      if (macros) files.forEach((f, i) => macros.complete(f.path, f.text, analyses[i]));
    }
    const macro = (cpuMs() - t) / RUNS;
    const mb = files.reduce((sum, f) => sum + f.text.length, 0) / 1e6;
    process.stdout.write(
      `${name}: ${files.length} files, ${mb.toFixed(1)} MB; analysis CPU ${analysis.toFixed(0)} ms (macro work included), macro work alone ${macro.toFixed(1)} ms = ${((100 * macro) / analysis).toFixed(1)} %\n`,
    );
  }
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
  process.exit(1);
});
