/**
 * The engines this worker answers from. One repository is open at a time (indexes can be
 * large): opening one, or a build going live, lets the previous one go.
 */
import type { Engine } from '../engine/engine';

export class OpenEngines {
  private readonly engines = new Map<string, Engine>();

  has(id: string): boolean {
    return this.engines.has(id);
  }

  /** Makes `engine` the one open repository's. */
  show(id: string, engine: Engine): void {
    this.engines.clear();
    this.engines.set(id, engine);
  }

  drop(id: string): void {
    this.engines.delete(id);
  }

  /** The open engine, if any. */
  any(): Engine | undefined {
    return this.engines.values().next().value;
  }

  /** The engine of `id`; throws when that repository is not open. */
  get(id: string): Engine {
    const engine = this.engines.get(id);
    if (!engine) throw new Error('That repository is not open; choose it in the list first.');
    return engine;
  }
}
