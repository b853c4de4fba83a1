export { importPsd, commandsOf, type ImportedPsd, type ImportedSource } from './import';
export { readPsdBytes } from './read';
export { placementOf, type Placement } from './placement';
export { blendCodeForPsd } from './blend';
export { templateFromPsd } from './template';
