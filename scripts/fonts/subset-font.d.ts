// The options of subset-font (harfbuzz hb-subset) this project uses; the package ships no types.
declare module "subset-font" {
  interface SubsetOptions {
    targetFormat?: "sfnt" | "truetype" | "woff" | "woff2";
    keepFeatures?: string[];
    noHinting?: boolean;
    dropTables?: string[];
    preserveNameIds?: number[];
  }
  export default function subsetFont(font: Uint8Array, text: string, options?: SubsetOptions): Promise<Uint8Array>;
}
