/**
 * The command line the mined sets share (mined-messages.ts, mined-dependants.ts): which project,
 * how many questions per project, the seed, the unseen packages instead of the tuning ones (or
 * mined-messages' own SLICE alone), a dry run that prints the cases, a tag for the output files,
 * and the embedder.
 */
export interface MinedArgs {
  project: string | null;
  perProject: number;
  seed: string;
  unseen: boolean;
  /** The tool's own extra tuning packages alone (mined-messages' SLICE), not the real set's. */
  slice: boolean;
  dry: boolean;
  /** Appended to the output files' names (`-<tag>`), or ''. */
  tag: string;
  embedder: 'local' | 'none';
}

export function minedArgs(argv: readonly string[], defaults: { perProject: number; seed: string }): MinedArgs {
  const o: MinedArgs = {
    project: null,
    unseen: false,
    slice: false,
    dry: false,
    tag: '',
    embedder: 'local',
    ...defaults,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--project') o.project = argv[++i];
    else if (a === '--per-project') o.perProject = Number(argv[++i]);
    else if (a === '--seed') o.seed = argv[++i];
    else if (a === '--unseen') o.unseen = true;
    else if (a === '--slice') o.slice = true;
    else if (a === '--dry') o.dry = true;
    else if (a === '--tag') o.tag = `-${argv[++i]}`;
    else if (a === '--embedder') o.embedder = argv[++i] as 'local' | 'none';
    else throw new Error(`unknown argument ${a}`);
  }
  return o;
}
