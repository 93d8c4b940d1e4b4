// Minimal types for the citation-js packages (they ship none): only what this project calls.
declare module "@citation-js/name" {
  export function parse(name: string): {
    given?: string;
    family?: string;
    "non-dropping-particle"?: string;
    "dropping-particle"?: string;
    suffix?: string;
  };
}
declare module "@citation-js/core" {
  export class Cite {
    constructor(data: unknown, options?: Record<string, unknown>);
    static async(data: unknown, options?: Record<string, unknown>): Promise<Cite>;
    data: Record<string, any>[];
    format(format: string, options?: Record<string, unknown>): string;
  }
  export const plugins: {
    config: { get(name: string): any };
    input: { has(name: string): boolean };
  };
}
declare module "@citation-js/plugin-csl";
declare module "@citation-js/plugin-ris";
declare module "@citation-js/plugin-bibtex";
