// A search result's excerpt: the API sends plain-text parts (contract/api.ts ExcerptPart); the words that
// matched are wrapped in <mark>. Every part is rendered as text, so markup in an article can never become markup.
import { Fragment } from "react";
import type { ExcerptPart } from "#contract/api";

export function HighlightedExcerpt({ parts, className }: { parts: ExcerptPart[]; className?: string }) {
  if (!parts.length) return null;
  return (
    <p className={className}>{parts.map((p, i) => (p.hit ? <mark key={i}>{p.text}</mark> : <Fragment key={i}>{p.text}</Fragment>))}</p>
  );
}
