/**
 * Preloaded (`node --require`) by the lint commands. typescript-eslint needs TypeScript's JavaScript
 * API, which the project's TypeScript 7 (the native compiler) does not have; npm nests TypeScript 6
 * under tools/lint but hoists shared helpers such as ts-api-utils to the root, where a plain
 * require('typescript') would find 7. This points every require('typescript') at the nested 6.
 */
const Module = require('node:module');
const typescript6 = require.resolve('typescript', { paths: [__dirname] });
const resolve = Module._resolveFilename;
Module._resolveFilename = function resolveTypescript6(request, ...rest) {
  return request === 'typescript' ? typescript6 : resolve.call(this, request, ...rest);
};
