/**
 * The names languages give a class's constructor whatever the class is called, in one place for
 * the readers that ask "is this the constructor?" (structural/siblings.ts, search/members.ts,
 * search/similar.ts). A class's own name (C++, Java, C#) and Go's `New…` are read where the
 * container or the file is at hand.
 */

/**
 * Given by the language: Python's `__init__` and `__new__`, PHP's `__construct`, Ruby's
 * `initialize`, JavaScript's and TypeScript's `constructor`. In order of preference when a class
 * has more than one (Python's `__init__` before `__new__`).
 */
export const LANGUAGE_CONSTRUCTOR_NAMES: readonly string[] = [
  '__init__',
  '__new__',
  '__construct',
  'initialize',
  'constructor',
];

/**
 * Those, and Rust's `new`, a constructor by convention only (an associated function that builds
 * `Self`). siblings.ts's isConstructor reads the language's names alone.
 */
export const CONSTRUCTOR_NAMES: readonly string[] = [...LANGUAGE_CONSTRUCTOR_NAMES, 'new'];
