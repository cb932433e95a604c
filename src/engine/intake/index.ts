/** File intake: which files enter an index, shared by the browser and the Node CLI. */
export * from './classify';
export * from './gitignore';
export * from './hash';
export * from './intake';
export { wildmatch, WM_PATHNAME } from './wildmatch';
