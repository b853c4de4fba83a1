// The photographer's worker thread starts here: tsx's loader is registered inside the thread, so
// the TypeScript worker loads whether the server runs under the tsx CLI or under a test runner.
import { register } from 'tsx/esm/api';

register();
await import('./photograph-worker.ts');
