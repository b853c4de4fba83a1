// GLSL sources are imported as text through Vite's `?raw` suffix. vite/client already declares
// `*?raw`; this narrower declaration keeps the shaders typed for tools that do not load it.
declare module '*.glsl?raw' {
  const source: string;
  export default source;
}
