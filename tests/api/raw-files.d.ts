// Vite's ?raw imports: a fixture file's text (tests read the vendored OJS samples this way).
declare module "*?raw" {
  const text: string;
  export default text;
}
