// Vite's raw imports, which the tests use to read files as text (the widget's tsconfig has no
// Node or vite/client types, on purpose: the library runs in pages).
declare module '*?raw' {
  const text: string;
  export default text;
}

interface ImportMeta {
  glob(pattern: string, options: { query: '?raw'; import: 'default'; eager: true }): Record<string, string>;
}
