/** A problem with what the user gave us (exit code 2), as opposed to a bug. Its own module: the CLI checks for it without loading the engine. */
export class InputError extends Error {}
