export { render } from '../internal/server/index.js';
